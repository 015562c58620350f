import { readFileSync } from 'node:fs';
import { extractDocument } from '../src/index.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
const d = await extractDocument(new Uint8Array(readFileSync(process.argv[2]!)), nodePdfAssets());
for (const l of d.lines)
  console.log(
    `${l.page} ${l.gap.toFixed(1).padStart(5)} ${l.bullet ? '•' : ' '} ${Math.round(l.colX)} x${Math.round(l.segs[0]?.x ?? 0)} ` +
      l.segs
        .map((s) => `[${s.bold ? 'B' : ''}${s.size.toFixed(0)}${s.url ? 'U' : ''}|${s.text}]`)
        .join(' '),
  );
console.log(d.links);
if (process.env.SECTIONS) {
  const { splitSections } = await import('../src/sections.ts');
  const { lineText } = await import('../src/types.ts');
  const { header, sections } = splitSections(d.lines);
  console.log('HEADER', header.map(lineText));
  for (const s of sections) console.log('SECTION', s.kind, JSON.stringify(s.title), s.lines.length);
}
