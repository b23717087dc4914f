import type { Token, Tokens } from "marked";
import { memo, type ReactNode } from "react";
import { CodeBlock } from "./code-block.tsx";
import { renderInline, type StreamTailSlot } from "./markdown-inline.tsx";

/**
 * One top-level markdown block. Memoized on its token object, which the block splitter reuses for blocks
 * that are complete, so a streamed token re-renders only the block it lands in. `trailing` (the streaming
 * cursor) is placed at the end of the block's text; `tail` (a streaming block's) renders its last text.
 */
export const MarkdownBlockView = memo(function MarkdownBlockView({
  token,
  trailing,
  tail,
}: {
  token: Token;
  trailing?: ReactNode;
  tail?: StreamTailSlot;
}) {
  return renderBlock(token, trailing, undefined, tail);
});

function renderBlock(token: Token, trailing?: ReactNode, key?: number, tail?: StreamTailSlot): ReactNode {
  switch (token.type) {
    case "space":
    case "def":
      return trailing ?? null;
    case "paragraph":
      return (
        <p key={key}>
          {renderInline(token.tokens, tail)}
          {trailing}
        </p>
      );
    case "text":
      // A tight list item's text: inline content without a paragraph around it.
      return (
        <span key={key}>
          {token.tokens ? renderInline(token.tokens, tail) : token.text}
          {trailing}
        </span>
      );
    case "heading":
      return (
        <Heading key={key} depth={token.depth} content={[...renderInline(token.tokens, tail), trailing]} />
      );
    case "code":
      return withTrailing(<CodeBlock key={key} code={token.text} language={token.lang} />, trailing, key);
    case "blockquote":
      return (
        <blockquote key={key}>
          {(token.tokens ?? []).map((child, index) => renderBlock(child, undefined, index, tail))}
          {trailing}
        </blockquote>
      );
    case "list":
      return withTrailing(<List key={key} token={token as Tokens.List} tail={tail} />, trailing, key);
    case "table":
      return withTrailing(<Table key={key} token={token as Tokens.Table} />, trailing, key);
    case "hr":
      return withTrailing(<hr key={key} />, trailing, key);
    case "checkbox":
      return <input key={key} type="checkbox" checked={token.checked} disabled aria-label="task item" />;
    case "html":
      // Raw HTML from a model is shown as the text it is, never interpreted.
      return (
        <p key={key} className="md-raw-html">
          {token.raw}
          {trailing}
        </p>
      );
    default:
      return (
        <p key={key}>
          {token.raw}
          {trailing}
        </p>
      );
  }
}

function withTrailing(element: ReactNode, trailing: ReactNode, key?: number): ReactNode {
  if (trailing === undefined) return element;
  return (
    <div key={key}>
      {element}
      {trailing}
    </div>
  );
}

function Heading({ depth, content }: { depth: number; content: ReactNode }) {
  switch (depth) {
    case 1:
      return <h1>{content}</h1>;
    case 2:
      return <h2>{content}</h2>;
    case 3:
      return <h3>{content}</h3>;
    case 4:
      return <h4>{content}</h4>;
    case 5:
      return <h5>{content}</h5>;
    default:
      return <h6>{content}</h6>;
  }
}

function List({ token, tail }: { token: Tokens.List; tail?: StreamTailSlot }) {
  const items = token.items.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their position
    <li key={index} className={item.task ? "md-task" : undefined}>
      {item.tokens.map((child, childIndex) => renderBlock(child, undefined, childIndex, tail))}
    </li>
  ));
  if (!token.ordered) return <ul>{items}</ul>;
  return <ol start={token.start === "" || token.start === 1 ? undefined : token.start}>{items}</ol>;
}

function Table({ token }: { token: Tokens.Table }) {
  return (
    <div className="md-table-wrap">
      <table>
        <thead>
          <tr>
            {token.header.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
              <th key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
                {renderInline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {token.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their position
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
                <td key={index} style={cell.align ? { textAlign: cell.align } : undefined}>
                  {renderInline(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
