import type { PageVisibility } from "./page-visibility.ts";
import type { TabMessageBody } from "./tab-channel.ts";

/** What VisibleLead needs of its tab's SharedEventStream. */
export interface VisibleLeadParts {
  visibility: PageVisibility;
  /** Sends a message to the other tabs. */
  post: (message: TabMessageBody) => void;
  /** Whether this tab leads. */
  leading: () => boolean;
  /** Whether this tab runs and follows a leader it has heard from. */
  following: () => boolean;
  /** Takes the lock from the leader (Web Locks `steal`). */
  steal: () => void;
}

/**
 * Keeps the lead with a shown tab: Chrome throttles the timers of a long-hidden tab, which would make the
 * leader's reconnects and dead-stream watchdog late for every tab. The leader says whether it is shown; a
 * shown tab whose leader is hidden asks it to step aside, and the hidden leader lets the first asker steal
 * the lock. Never the other way round, so two tabs cannot fight; several shown tabs (windows side by side)
 * cause one handover, not a chain; and a leader whose page unloads (it turns hidden first) answers nobody,
 * so its lock goes to the next tab in line as usual.
 */
export class VisibleLead {
  readonly #parts: VisibleLeadParts;
  /** Whether the leader said its tab is hidden. */
  #leaderHidden = false;
  /** This tab asked the hidden leader to let it lead. */
  #asked = false;
  /** This tab, leading while hidden, let one shown tab take over: it answers no other. */
  #yielded = false;

  constructor(parts: VisibleLeadParts) {
    this.#parts = parts;
  }

  /** This tab took the lead: the others hear whether it is shown. */
  led(): void {
    this.#yielded = false;
    this.#leaderHidden = false;
    this.#asked = false;
    this.announce();
  }

  /** Tells the other tabs whether this leading tab is shown (a tab that says hello needs to know too). */
  announce(): void {
    this.#parts.post({ type: "visibility", visible: this.#parts.visibility.isVisible() });
  }

  /** Another tab leads now, or none; `hidden` when it is known to be hidden already. */
  followed(hidden = false): void {
    this.#leaderHidden = hidden;
    this.#asked = false;
    this.#ask();
  }

  /** The leader said whether its tab is shown. */
  leaderVisibility(visible: boolean): void {
    this.followed(!visible);
  }

  /** This tab was shown or hidden. */
  changed(): void {
    if (!this.#parts.leading()) {
      this.#ask();
      return;
    }
    this.#yielded = false;
    this.announce();
  }

  /** While this tab leads: a shown tab asks to lead. Only a hidden leader agrees, and only once. */
  takeover(from: string): void {
    if (this.#yielded || this.#parts.visibility.isVisible()) return;
    this.#yielded = true;
    this.#parts.post({ type: "yield", to: from });
  }

  /** The leader let this tab lead. Taken even if the tab was hidden since: the next shown tab then asks it. */
  yielded(): void {
    this.#parts.steal();
  }

  #ask(): void {
    if (!this.#leaderHidden || this.#asked || !this.#parts.visibility.isVisible()) return;
    if (this.#parts.leading() || !this.#parts.following()) return;
    this.#asked = true;
    this.#parts.post({ type: "takeover" });
  }
}
