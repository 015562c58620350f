import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordConfidence } from '../confidence.ts';
import type { Block } from '../entries.ts';
import { parseExperience } from '../fields.ts';
import type { Line } from '../types.ts';
import { headPartWeights, headWeightsUsable, positionOdds } from './head-part.ts';

const line = (text: string, bold: boolean, date?: string): Line => ({
  segs: [
    { text, x: 50, x2: 50 + text.length * 5, size: bold ? 11 : 10, bold },
    ...(date ? [{ text: date, x: 450, x2: 540, size: 10, bold: false }] : []),
  ],
  page: 1,
  y: 0,
  gap: 1.4,
  bullet: false,
  colX: 50,
  colW: 500,
});
const block = (head: Line[]): Block => ({ head, extra: [], body: [], urls: [] });

describe('the head-part model', () => {
  it('has committed weights that fit its features, well under 2 MB', () => {
    expect(headWeightsUsable(headPartWeights)).toBe(true);
    const file = fileURLToPath(new URL('./head-part.json', import.meta.url));
    expect(statSync(file).size).toBeLessThan(2 * 1024 * 1024);
  });

  it('decides role and employer where the words cannot tell, and says how sure it is', () => {
    // two names of no known kind: no role noun, no legal form, no kind of organisation
    const b = block([line('Lumen Pike', true, '2019 – 2021'), line('Brand Steward', false)]);
    const odds = positionOdds(b, ['Lumen Pike', 'Brand Steward']);
    expect(odds).toHaveLength(2);
    const [pa = 0, pb = 0] = odds ?? [];
    const aIsPosition = pa * (1 - pb) > pb * (1 - pa);
    const { result: data, uncertain } = recordConfidence(() => ({
      experience: [parseExperience(b)],
    }));
    const e = data.experience[0];
    expect(e?.position).toBe(aIsPosition ? 'Lumen Pike' : 'Brand Steward');
    expect(e?.company).toBe(aIsPosition ? 'Brand Steward' : 'Lumen Pike');
    expect(e?.dates).toBe('2019 – 2021');
    // the rules alone read the first part as the employer; this reading is the model's
    expect(aIsPosition).toBe(true);
    const sure = Math.max(pa * (1 - pb), pb * (1 - pa)) / (pa * (1 - pb) + pb * (1 - pa));
    const marked = uncertain.map((u) => u.path).sort();
    expect(marked).toEqual(sure < 0.7 ? ['experience/0/company', 'experience/0/position'] : []);
  });

  it('is not asked where the words tell: a role noun is the position', () => {
    const b = block([line('Lumen Pike', true, '2019 – 2021'), line('Data Engineer', false)]);
    const e = parseExperience(b);
    expect([e.position, e.company]).toEqual(['Data Engineer', 'Lumen Pike']);
  });
});
