/**
 * jsdom does no layout, so a virtualized list would see a zero-height viewport. This gives the message
 * list a fixed viewport, every row a fixed height, and makes scrolling move `scrollTop` and fire `scroll`
 * the way a browser does. `restore()` puts jsdom back.
 */
export function stubLayout({ viewportHeight, rowHeight }: { viewportHeight: number; rowHeight: number }): {
  restore: () => void;
  scroller: () => HTMLElement;
  scrollTo: (top: number) => void;
} {
  const scrollTops = new WeakMap<Element, number>();
  const prototype = HTMLElement.prototype;
  const saved = {
    clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, "clientHeight"),
    offsetHeight: Object.getOwnPropertyDescriptor(prototype, "offsetHeight"),
    scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, "scrollTop"),
    scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, "scrollHeight"),
    scrollTo: Object.getOwnPropertyDescriptor(Element.prototype, "scrollTo"),
  };
  const isScroller = (element: Element) => element.getAttribute("data-testid") === "message-list";
  // The scroller's content is the sizer element, whose height the virtualizer sets to the list's total size.
  const contentHeight = (element: Element) =>
    Number.parseFloat(
      (element.querySelector(".message-list-sizer") as HTMLElement | null)?.style.height ?? "0",
    ) || 0;
  const clamp = (element: Element, top: number) =>
    Math.min(Math.max(0, top), Math.max(0, contentHeight(element) - viewportHeight));

  Object.defineProperty(Element.prototype, "scrollHeight", {
    configurable: true,
    get(this: Element) {
      return isScroller(this) ? Math.max(contentHeight(this), viewportHeight) : 0;
    },
  });

  Object.defineProperty(Element.prototype, "clientHeight", {
    configurable: true,
    get(this: Element) {
      return isScroller(this) ? viewportHeight : 0;
    },
  });
  Object.defineProperty(prototype, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? rowHeight : 0;
    },
  });
  Object.defineProperty(Element.prototype, "scrollTop", {
    configurable: true,
    get(this: Element) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      scrollTops.set(this, clamp(this, value));
    },
  });
  Object.defineProperty(Element.prototype, "scrollTo", {
    configurable: true,
    value(this: Element, options: ScrollToOptions | number, y?: number) {
      const top = typeof options === "number" ? (y ?? 0) : (options.top ?? 0);
      scrollTops.set(this, clamp(this, top));
      this.dispatchEvent(new Event("scroll"));
    },
  });

  const scroller = () => {
    const element = document.querySelector<HTMLElement>("[data-testid=message-list]");
    if (element === null) throw new Error("no message list rendered");
    return element;
  };
  return {
    scroller,
    scrollTo: (top) => scroller().scrollTo({ top }),
    restore: () => {
      for (const [name, descriptor] of Object.entries(saved)) {
        const target = name === "offsetHeight" ? prototype : Element.prototype;
        if (descriptor === undefined) Reflect.deleteProperty(target, name);
        else Object.defineProperty(target, name, descriptor);
      }
    },
  };
}
