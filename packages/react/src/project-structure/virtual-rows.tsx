import { observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useRef } from "react";

/**
 * A scrolling list of fixed-height rows of which only those in view (and a few around) are in the DOM, so
 * a project of 100,000 files costs a screenful of elements. Until the browser has laid the list out (or
 * where there is no layout at all) it assumes its full `maxHeight`.
 */
export function VirtualRows<Row>({
  rows,
  rowHeight,
  maxHeight,
  rowKey,
  renderRow,
  testId,
  label,
}: {
  rows: readonly Row[];
  rowHeight: number;
  maxHeight: number;
  rowKey: (row: Row, index: number) => string;
  renderRow: (row: Row, index: number) => ReactNode;
  testId: string;
  label: string;
}) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer<HTMLElement, HTMLDivElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row, index);
    },
    overscan: 10,
    initialRect: { width: 0, height: maxHeight },
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: maxHeight }),
      ),
  });
  const height = Math.min(maxHeight, rows.length * rowHeight);
  return (
    <section
      ref={scrollRef}
      className="virtual-rows"
      data-testid={testId}
      data-row-count={rows.length}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      style={{ height, maxHeight }}
    >
      <div className="virtual-rows-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (row === undefined) return null;
          return (
            <div
              key={item.key}
              className="virtual-row"
              style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
            >
              {renderRow(row, item.index)}
            </div>
          );
        })}
      </div>
    </section>
  );
}
