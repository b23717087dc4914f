import { ParleyChatProvider } from "@parley/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { EmbeddedChat } from "./embedded-chat.tsx";
import "@parley/react/base.css";
import "@parley/react/chat.css";
import "@parley/react/composer.css";
import "@parley/react/cards.css";
import "@parley/react/mcp-cards.css";
import "@parley/react/markdown.css";
import "@parley/react/project-structure.css";
import "@parley/react/workflow-card.css";
import "./embed.css";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    {/* No options: the chat store talks to this page's origin, which forwards /api to Parley. */}
    <ParleyChatProvider>
      <EmbeddedChat />
    </ParleyChatProvider>
  </StrictMode>,
);
