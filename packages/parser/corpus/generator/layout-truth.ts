/**
 * The layout truth of a generated document: what its blocks are and the order they are read in,
 * as the HTML marks them. A block is an element with `data-block` (a header, a section, a text box),
 * read in the order of its `data-order` (DOM order when absent); blocks within one `data-flow`
 * (a column: `main`, `side`) are read one after the other, the order between flows is free (a
 * sidebar may be read before or after the main column). Chromium writes the truth of each page it
 * prints (render.node.ts) into `<family>/layout/NAME.layout.json`; the eval's layout section
 * (scripts/layout-eval.node.ts) scores the layout stage against it.
 */

export interface TruthBlock {
  /** Index of the block in reading order within its flow. */
  order: number;
  /** The column or panel it stands in (`page` when none is marked). */
  flow: string;
  /** The block's text as rendered (CSS text-transform applied). */
  text: string;
}

/**
 * Run in the printed page: the marked blocks in reading order. A string, so that nothing the
 * TypeScript loader adds to a function reaches the page.
 */
export const readLayoutTruth = `(() => {
  const els = [...document.querySelectorAll('[data-block]')];
  const blocks = els.map((el, i) => ({
    order: el.dataset.order === undefined ? i : Number(el.dataset.order),
    flow: el.closest('[data-flow]')?.dataset.flow ?? 'page',
    text: el.innerText,
  }));
  return blocks.sort((a, b) => a.order - b.order).map((b, i) => ({ ...b, order: i }));
})()`;
