import { AppError } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { parseCsv, readTable } from './csv.ts';
import { detectFileType, uploadKind, unsupportedFileMessage } from './detect.ts';
import {
  climbingExport,
  docxOf,
  documentXml,
  linkedInExportBomb,
  manyEntriesExport,
  RESUME,
  zipOfFiles,
} from './hostile.node.ts';
import { parseResumeWithConfidence } from './index.ts';
import { NOT_A_LINKEDIN_EXPORT } from './linkedin-files.ts';

const outcome = (p: Promise<unknown>): Promise<unknown> => p.catch((e: unknown) => e);

describe('CSV (RFC 4180)', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, a BOM and CRLF', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","one\r\ntwo"\r\n,,\r\n\r\nlast,,\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'one\r\ntwo'],
      ['', '', ''],
      ['last', '', ''],
    ]);
  });

  it('finds the header after a "Notes:" preamble and reads columns by name', () => {
    const text =
      'Notes:\n"When exporting your data, some values may be missing."\n\nTitle,Extra,Company Name\nEngineer,x,Acme\nLead\n';
    const table = readTable(text, ['Company Name', 'Title']);
    expect(table?.rows).toEqual([
      { title: 'Engineer', extra: 'x', 'company name': 'Acme' },
      { title: 'Lead', extra: '', 'company name': '' },
    ]);
    expect(readTable('x,y\n1,2\n', ['Company Name'])).toBeUndefined();
  });
});

/** A realistic export, written the way LinkedIn writes it. */
const EXPORT: Record<string, string> = {
  'Basic_LinkedInDataExport_11-28-2026/Profile.csv':
    '\uFEFFFirst Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers\r\n' +
    'Zoë,Łukasiewicz-Núñez,,,"Mar 4, 1990",Staff Engineer at Ørsted,"I build grids.\r\n\r\nAnd R&amp;D tools.",Utilities,,"Kraków, Małopolskie, Poland",[zoe_l],"[PORTFOLIO:https://zoe.dev],[OTHER:https://github.com/zoe]",\r\n',
  'Basic_LinkedInDataExport_11-28-2026/Positions.csv':
    'Title,Company Name,Started On,Finished On,Description,Location,Visibility\r\n' +
    'Staff Engineer,Ørsted,Mar 2023,,"• Led the grid model\r\n• Cut cost by 30%, in a year",Kraków,PUBLIC\r\n' +
    'Senior Engineer,Ørsted,Jan 2020,Feb 2023,"Built the ""twin"" simulator",Kraków,PUBLIC\r\n' +
    'Engineer,Siemens AG,2016,2019,• Testing • Commissioning,,PUBLIC\r\n',
  'Basic_LinkedInDataExport_11-28-2026/Education.csv':
    'School Name,Start Date,End Date,Notes,Degree Name,Activities\r\nAGH University,2012,2016,,"Master of Science - MS, Electrical Engineering",Chess club\r\n',
  'Basic_LinkedInDataExport_11-28-2026/Email Addresses.csv':
    'Email Address,Confirmed,Primary,Updated On\r\nold@example.com,Yes,No,1/1/20\r\nzoe@example.com,Yes,Yes,1/1/24\r\n',
  'Basic_LinkedInDataExport_11-28-2026/PhoneNumbers.csv':
    'Extension,Number,Type\r\n,+48 600 100 200,Mobile\r\n',
  'Basic_LinkedInDataExport_11-28-2026/Languages.csv':
    'Name,Proficiency\r\nPolish,Native or bilingual proficiency\r\nEnglish,Full professional proficiency\r\n',
  'Basic_LinkedInDataExport_11-28-2026/Connections.csv':
    'Notes:\r\n"When exporting your connection data, you may notice that some of the email addresses are missing."\r\n\r\nFirst Name,Last Name,URL,Email Address,Company,Position,Connected On\r\nKim,Lee,,,Elsewhere,Analyst,01 Jan 2024\r\n',
};

describe('a LinkedIn data export', () => {
  it('reads exactly, with files missing, columns reordered and extra, in a folder', async () => {
    const read = await parseResumeWithConfidence(await zipOfFiles(EXPORT));
    expect(read.uncertain).toEqual([]);
    expect(read.data).toEqual({
      contact: {
        name: 'Zoë Łukasiewicz-Núñez',
        title: 'Staff Engineer at Ørsted',
        email: 'zoe@example.com',
        phone: '+48 600 100 200',
        location: 'Kraków, Małopolskie, Poland',
        github: 'https://github.com/zoe',
        portfolio: 'https://zoe.dev',
        twitter: 'zoe_l',
      },
      summary: 'I build grids. And R&D tools.',
      experience: [
        {
          company: 'Ørsted',
          position: 'Staff Engineer',
          location: 'Kraków',
          dates: 'Mar 2023 – Present',
          description: ['Led the grid model', 'Cut cost by 30%, in a year'],
        },
        {
          company: 'Ørsted',
          position: 'Senior Engineer',
          location: 'Kraków',
          dates: 'Jan 2020 – Feb 2023',
          description: ['Built the "twin" simulator'],
        },
        {
          company: 'Siemens AG',
          position: 'Engineer',
          dates: '2016 – 2019',
          description: ['Testing', 'Commissioning'],
        },
      ],
      education: [
        {
          institution: 'AGH University',
          degree: 'Master of Science - MS, Electrical Engineering',
          dates: '2012 – 2016',
        },
      ],
      verbal_languages: ['Polish', 'English'],
      extracurricular: ['Chess club'],
    });
    expect(read.text).toContain('Positions.csv\nTitle,Company Name');
    expect(read.text).not.toContain('Connections.csv');
  });

  it('is told apart from a DOCX and from any other ZIP', async () => {
    const docx = await docxOf({ 'word/document.xml': documentXml(RESUME) });
    expect(uploadKind(docx)).toBe('docx');
    const exported = await zipOfFiles(EXPORT);
    expect(detectFileType(exported)).toBe('zip');
    expect(uploadKind(exported)).toBe('linkedin');
    const other = await zipOfFiles({ 'photos/cat.jpg': 'x', 'notes.txt': 'hello' });
    expect(uploadKind(other)).toBeUndefined();
    expect(unsupportedFileMessage(other)).toBe(NOT_A_LINKEDIN_EXPORT);
    expect(await outcome(parseResumeWithConfidence(other))).toMatchObject({
      code: 'UNSUPPORTED_FILE',
      message: NOT_A_LINKEDIN_EXPORT,
    });
  });

  it("a Skills.csv that is not LinkedIn's is not read as one", async () => {
    const bytes = await zipOfFiles({ 'Skills.csv': 'Skill;Level\nGo;5\n' });
    expect(await outcome(parseResumeWithConfidence(bytes))).toMatchObject({
      code: 'UNSUPPORTED_FILE',
    });
  });
});

describe('hostile archives answer the DOCX limits', () => {
  const tooLarge = { code: 'FILE_CORRUPT', message: 'The document is too large to read.' };

  it('a Positions.csv inflating to 16 MB is refused as too large to read', async () => {
    const bomb = await linkedInExportBomb(16);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await outcome(parseResumeWithConfidence(bomb))).toMatchObject(tooLarge);
  });

  it('one that declares a small size is stopped while it inflates', async () => {
    const err = await outcome(parseResumeWithConfidence(await linkedInExportBomb(16, true)));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('FILE_CORRUPT');
  });

  it('3,000 entries are refused before the archive is opened', async () => {
    expect(await outcome(parseResumeWithConfidence(await manyEntriesExport()))).toMatchObject(
      tooLarge,
    );
  });

  it.each(['../../../tmp/Positions.csv', '/etc/Positions.csv', 'C:\\x\\Positions.csv'])(
    'an entry named %s is refused as damaged',
    async (name) => {
      expect(await outcome(parseResumeWithConfidence(await climbingExport(name)))).toMatchObject({
        code: 'FILE_CORRUPT',
      });
    },
  );
});
