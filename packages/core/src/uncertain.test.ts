import { describe, expect, it } from 'vitest';
import {
  onePerEntry,
  confirmUncertain,
  uncertainAfterEdit,
  uncertainIn,
  uncertainListSchema,
  type UncertainField,
} from './uncertain.ts';

const jobs = () => [
  { company: 'Acme', position: 'Engineer', location: 'Acme Corp' },
  { company: 'Berlin', position: 'Intern' },
];

describe('"Check this" markers', () => {
  const markers: UncertainField[] = [
    { path: 'experience/0/location', reason: 'looks-like-organisation' },
    { path: 'experience/1', reason: 'unassigned-parts' },
    { path: 'contact/location', reason: 'low-confidence' },
  ];

  it('accept only resume data paths and known reasons', () => {
    expect(uncertainListSchema.safeParse(markers).success).toBe(true);
    expect(
      uncertainListSchema.safeParse([{ path: '../secret', reason: 'low-confidence' }]).success,
    ).toBe(false);
    expect(
      uncertainListSchema.safeParse([{ path: 'summary', reason: 'Acme looked odd' }]).success,
    ).toBe(false);
  });

  it('keep only markers on something present, once per path', () => {
    const data = { experience: jobs(), contact: { location: '' } };
    expect(uncertainIn(data, [...markers, markers[0]!])).toEqual(markers.slice(0, 2));
  });

  it('go when the field is edited, stay when something else is', () => {
    const before = { experience: jobs(), contact: { location: 'Paris' } };
    const list = [...before.experience];
    list[0] = { ...list[0]!, position: 'Senior Engineer' };
    const other = uncertainAfterEdit(markers, before, { ...before, experience: list });
    expect(other).toEqual(markers);

    const fixed = [...before.experience];
    fixed[0] = { ...fixed[0]!, location: 'Lyon' };
    expect(uncertainAfterEdit(markers, before, { ...before, experience: fixed })).toEqual(
      markers.slice(1),
    );
    // an entry marker goes with any edit inside the entry
    const inEntry = [...before.experience];
    inEntry[1] = { ...inEntry[1]!, company: 'Siemens' };
    expect(uncertainAfterEdit(markers, before, { ...before, experience: inEntry })).toEqual([
      markers[0],
      markers[2],
    ]);
    const moved = uncertainAfterEdit(markers, before, {
      ...before,
      contact: { location: 'Rome' },
    });
    expect(moved.map((u) => u.path)).toEqual(['experience/0/location', 'experience/1']);
  });

  it('follow their entry when entries are reordered and go with a removed one', () => {
    const before = { experience: jobs() };
    const [a, b] = before.experience;
    expect(
      uncertainAfterEdit(markers, before, { experience: [b!, a!] }).map((u) => u.path),
    ).toEqual(['experience/1/location', 'experience/0', 'contact/location']);
    expect(uncertainAfterEdit(markers, before, { experience: [b!] }).map((u) => u.path)).toEqual([
      'experience/0',
      'contact/location',
    ]);
  });

  it('go when confirmed', () => {
    expect(confirmUncertain(markers, 'experience/1').map((u) => u.path)).toEqual([
      'experience/0/location',
      'contact/location',
    ]);
  });
});

describe('one marker per entry', () => {
  it('lets an entry marked whole take the place of its fields, with the most specific reason', () => {
    const marks = onePerEntry([
      { path: 'experience/1/company', reason: 'role-or-company' },
      { path: 'experience/1', reason: 'low-confidence' },
      { path: 'experience/1/dates', reason: 'low-confidence' },
      { path: 'experience/0/position', reason: 'low-confidence' },
      { path: 'experience/0/position', reason: 'role-or-company' },
      { path: 'education', reason: 'low-confidence' },
    ]);
    expect(marks).toEqual([
      { path: 'experience/1', reason: 'role-or-company' },
      { path: 'experience/0/position', reason: 'low-confidence' },
      { path: 'education', reason: 'low-confidence' },
    ]);
    // one edit in the entry clears its one marker
    const before = { experience: [{ position: 'A' }, { company: 'B', dates: '2020' }] };
    const after = { experience: [{ position: 'A' }, { company: 'Bright Ltd', dates: '2020' }] };
    expect(uncertainAfterEdit(marks, before, after).map((m) => m.path)).toEqual([
      'experience/0/position',
      'education',
    ]);
  });
});
