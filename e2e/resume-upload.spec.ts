import { fixtureDocument } from '@folio/parser/fixtures';
import type { Page } from '@playwright/test';
import { expect, signedIn, test, toast } from './fixtures.ts';

/** A generated one-column resume PDF and its gold (corpus/fixtures.node.ts). */
const resumePdf = () => fixtureDocument('onecol-pdf');

/** A new account, the page signed in as it, and a caller of the API as that account. */
async function signUp(page: Page) {
  const auth = await signedIn(page);
  const api = async (method: 'GET' | 'POST', url: string, data?: unknown) => {
    const r = await page.request.fetch(url, {
      method,
      headers: auth,
      ...(data === undefined ? {} : { data }),
    });
    expect(r.ok(), `${method} ${url}: ${r.status()}`).toBe(true);
    return r.json();
  };
  return { api };
}

async function openUploadPage(page: Page) {
  await page.goto('/resume-upload');
  await expect(page.getByRole('heading', { name: 'Upload Resume', level: 1 })).toBeVisible();
}

test('uploading a PDF shows the parsing overlay, creates the portfolio and spends one credit', async ({
  page,
}) => {
  const { api } = await signUp(page);
  expect((await api('GET', '/api/user')).credits).toBe(10);
  await openUploadPage(page);

  // A new user: 10 of 10 credits, green bar, no insufficient-credits alert.
  await expect(page.getByTestId('credits-value')).toHaveText('10 / 10');
  await expect(page.getByTestId('credits-bar')).toHaveAttribute('data-color', 'green');
  await expect(page.getByText('Insufficient Credits')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Upload and Parse Resume' });
  await expect(submit).toBeDisabled();

  await page.getByLabel('Portfolio Name').fill('My Resume Portfolio');
  const pdf = await resumePdf();
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(pdf.file);
  // Choosing the file uploads it: no second button to press.
  const overlay = page.getByRole('alertdialog');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByTestId('parsing-stage')).toHaveText(
    /^(Parsing (Name|Contact Info|Education|Experience|Skills)\.\.\.|Almost Done\.\.\.|Parsing complete!)$/,
  );
  await expect(overlay.getByRole('progressbar')).toBeVisible();

  // The overlay closes on success (navigation) or on an error toast; say which.
  await expect(overlay).toBeHidden({ timeout: 30_000 });
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Resume Parsing Error' }),
    'the server failed to parse the generated PDF (PARSE_TIMEOUT under heavy load?)',
  ).toHaveCount(0);
  // An upload is reviewed beside the document before a template is chosen.
  await expect(page).toHaveURL(/\/review\?id=\d+$/);
  await expect(toast(page, 'Resume uploaded successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Details', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  const portfolio = await api('GET', `/api/portfolios/${id}`);
  expect(portfolio.name).toBe('My Resume Portfolio');
  expect(portfolio.template).toBe('modern');
  expect(portfolio.content.data.contact.name).toBe(pdf.gold.contact?.name);
  expect((await api('GET', '/api/user')).credits).toBe(9);
});

test('a name that already exists stops before parsing', async ({ page }) => {
  const { api } = await signUp(page);
  await api('POST', '/api/portfolios', { name: 'Taken Name', content: { data: {} } });
  // The page is shown a Pro account (room for more portfolios); the server still holds this
  // account to Free, which the second half relies on.
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    const planExpiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await route.fulfill({
      response: res,
      json: { ...(await res.json()), plan: 'pro', planExpiresAt },
    });
  });
  await openUploadPage(page);
  await expect(page.getByText('Portfolio limit reached')).toHaveCount(0);

  await page.getByLabel('Portfolio Name').fill('taken name');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles((await resumePdf()).file);

  await expect(toast(page, 'Portfolio Name Already Exists')).toBeVisible();
  await expect(
    toast(page, 'Please choose a different portfolio name or delete the old one first.'),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/resume-upload$/);
  await expect(page.getByLabel('Portfolio Name')).toHaveValue('taken name');
  await expect(page.getByLabel('Portfolio Name')).toBeFocused();
  await expect(page.getByText('You already have a portfolio with this name.')).toBeVisible();
  await expect(page.getByTestId('chosen-file')).toHaveText((await resumePdf()).filename);
  expect((await api('GET', '/api/user')).credits).toBe(10);
});

test('form checks: name optional but checked, 5MB limit, file types, remove, keyboard', async ({
  page,
}) => {
  await signUp(page);
  await openUploadPage(page);
  const submit = page.getByRole('button', { name: 'Upload and Parse Resume' });
  await expect(
    page.getByText('PDF, DOC or DOCX, or a LinkedIn export (.zip), up to 5MB'),
  ).toBeVisible();

  await page.getByLabel('Resume file', { exact: true }).setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x20),
  });
  await expect(page.getByText('File size must be less than 5MB')).toBeVisible();
  await expect(submit).toBeDisabled();

  await page.getByLabel('Resume file', { exact: true }).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText('Only PDF, DOC and DOCX files are accepted')).toBeVisible();
  await expect(page.getByText('File size must be less than 5MB')).toHaveCount(0);
  await expect(submit).toBeDisabled();

  // The name may be left empty (the resume's is used); one that is too long stops the upload
  // that choosing a file starts, and says why.
  await expect(page.getByText('Portfolio name is required')).toHaveCount(0);
  await page.getByLabel('Portfolio Name').fill('N'.repeat(81));
  await page.getByLabel('Resume file', { exact: true }).setInputFiles((await resumePdf()).file);
  await expect(page.getByText('Only PDF, DOC and DOCX files are accepted')).toHaveCount(0);
  await expect(page.getByTestId('chosen-file')).toHaveText((await resumePdf()).filename);
  await expect(page.getByText('Portfolio name must be at most 80 characters')).toBeVisible();
  await expect(page.getByLabel('Portfolio Name')).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/resume-upload$/);

  await page.getByRole('button', { name: `Remove ${(await resumePdf()).filename}` }).click();
  await expect(page.getByTestId('chosen-file')).toHaveCount(0);
  await expect(submit).toBeDisabled();

  // Keyboard: Tab from the name field reaches the real file input behind the drop zone.
  await page.getByLabel('Portfolio Name').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Resume file', { exact: true })).toBeFocused();

  // Drag and drop onto the zone.
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['%PDF-1.4'], 'dropped.pdf', { type: 'application/pdf' }));
    return dt;
  });
  await page.getByTestId('resume-drop-zone').dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId('resume-drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('chosen-file')).toHaveText('dropped.pdf');
});

test('a file is refused when chosen: empty, or not a PDF, DOC or DOCX whatever its name', async ({
  page,
}) => {
  await signUp(page);
  await openUploadPage(page);
  const input = page.getByLabel('Resume file', { exact: true });
  const submit = page.getByRole('button', { name: 'Upload and Parse Resume' });
  await page.getByLabel('Portfolio Name').fill('Refused Files');

  await input.setInputFiles({
    name: 'empty.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(0),
  });
  await expect(page.getByText('This file is empty (0 bytes). Please choose a file.')).toBeVisible();
  await expect(page.getByTestId('chosen-file')).toHaveCount(0);
  await expect(submit).toBeDisabled();

  // A PNG image renamed to .pdf: told what it is.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await input.setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: png });
  await expect(
    page.getByText(
      'This file is a PNG image, not a PDF, DOC or DOCX document. Please choose your resume file.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('chosen-file')).toHaveCount(0);
  await expect(submit).toBeDisabled();

  // The server says the same to a client that sends it anyway.
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  const sent = await page.request.post('/api/parse-resume', {
    headers: { Authorization: `Bearer ${token}` },
    data: { filename: 'resume.pdf', fileContent: png.toString('base64') },
  });
  expect(sent.status()).toBe(415);
  expect(((await sent.json()) as { message: string }).message).toContain('a PNG image');
});

test('at the portfolio limit, upload and the other starts are disabled, saying why', async ({
  page,
}) => {
  const { api } = await signUp(page);
  await api('POST', '/api/portfolios', { name: 'The Only One', content: { data: {} } });
  await openUploadPage(page);
  await expect(page.getByText('Portfolio limit reached')).toBeVisible();
  await expect(
    page.getByText(
      'Your Free plan allows 1 portfolio. Upgrade your plan or delete a portfolio first.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Resume file', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upload and Parse Resume' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start from scratch' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Import JSON Resume' })).toBeDisabled();
  await page.getByRole('main').getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a file the server cannot parse keeps the form and costs nothing', async ({ page }) => {
  const { api } = await signUp(page);
  await openUploadPage(page);
  await page.getByLabel('Portfolio Name').fill('Broken File');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    // Starts like a PDF (so it is sent), but is none.
    buffer: Buffer.from('%PDF-1.4\nthis is not a pdf at all'),
  });

  await expect(toast(page, 'Resume Parsing Error')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByLabel('Portfolio Name')).toHaveValue('Broken File');
  await expect(page.getByTestId('chosen-file')).toHaveText('fake.pdf');
  expect((await api('GET', '/api/user')).credits).toBe(10);
  expect(await api('GET', '/api/portfolios')).toHaveLength(0);
});

test('start from scratch creates an empty portfolio without spending a credit', async ({
  page,
}) => {
  const { api } = await signUp(page);
  await openUploadPage(page);
  await page.getByLabel('Portfolio Name').fill('Hand Made');
  await page.getByRole('button', { name: 'Start from scratch' }).click();

  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await expect(toast(page, 'Portfolio created')).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const portfolio = await api('GET', `/api/portfolios/${id}`);
  expect(portfolio.name).toBe('Hand Made');
  expect(portfolio.content.data.contact).toBeUndefined();
  expect(portfolio.content.data.experience ?? []).toEqual([]);
  expect((await api('GET', '/api/user')).credits).toBe(10);
});

test('JSON Resume import: bad files create nothing, a resume.json creates a portfolio', async ({
  page,
}) => {
  const { api } = await signUp(page);
  await openUploadPage(page);

  // No name typed: the portfolio is named after the person in the file.
  const jsonInput = page.getByLabel('JSON Resume file');
  await jsonInput.setInputFiles({
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ "basics": { "name": '),
  });
  await expect(toast(page, 'Invalid JSON Resume')).toBeVisible();
  await expect(toast(page, 'resume.json is not valid JSON.')).toBeVisible();

  await jsonInput.setInputFiles({
    name: 'package.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ name: 'folio', version: '1.0.0' })),
  });
  await expect(toast(page, 'Invalid JSON Resume')).toBeVisible();
  await expect(
    page.getByTestId('toast').getByText(/package\.json is not a JSON Resume/),
  ).toBeVisible();
  expect(await api('GET', '/api/portfolios')).toHaveLength(0);

  const resume = {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: {
      name: 'Ada Lovelace',
      label: 'Mathematician',
      email: 'ada@example.com',
      summary: 'Wrote the first published algorithm.',
    },
    work: [
      {
        name: 'Analytical Engine',
        position: 'Programmer',
        startDate: '1842-01-01',
        highlights: ['Notes on the engine'],
      },
    ],
    skills: [{ name: 'Mathematics', keywords: ['Algorithms'] }],
  };
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import JSON Resume' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(resume)),
  });

  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await expect(toast(page, 'Resume imported')).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const portfolio = await api('GET', `/api/portfolios/${id}`);
  expect(portfolio.name).toBe('Ada Lovelace');
  expect(portfolio.content.data.contact.name).toBe('Ada Lovelace');
  // Someone with work experience: it comes first.
  expect((portfolio.content.settings.sectionOrder as string[]).slice(0, 3)).toEqual([
    'contact',
    'summary',
    'experience',
  ]);
  expect((await api('GET', '/api/user')).credits).toBe(10);
});

test('no credits: inline alert, red meter, upload disabled', async ({ page }) => {
  await signUp(page);
  // Spending ten real parses is slow: the page is shown a user with 0 credits instead.
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), credits: 0 } });
  });
  await openUploadPage(page);

  await expect(page.getByTestId('credits-value')).toHaveText('0 / 10');
  await expect(page.getByTestId('credits-bar')).toHaveAttribute('data-color', 'red');
  const alert = page.getByRole('alert').filter({ hasText: 'Insufficient Credits' });
  await expect(alert).toContainText(
    "You don't have enough credits to parse a resume. Please upgrade your plan or contact support.",
  );
  await expect(alert.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
    'href',
    '/pricing',
  );

  await page.getByLabel('Portfolio Name').fill('No Credits');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles((await resumePdf()).file);
  await expect(page.getByRole('button', { name: 'Upload and Parse Resume' })).toBeDisabled();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/resume-upload$/);
  // The free ways in still work without credits.
  await expect(page.getByRole('button', { name: 'Start from scratch' })).toBeEnabled();
});

test('a 402 from the parser shows the insufficient-credits toast and keeps the form', async ({
  page,
}) => {
  await signUp(page);
  await page.route('**/api/parse-resume', (route) =>
    route.fulfill({
      status: 402,
      json: {
        error: 'INSUFFICIENT_CREDITS',
        message: 'You do not have enough credits to parse a resume. Please upgrade your plan',
      },
    }),
  );
  await openUploadPage(page);
  await page.getByLabel('Portfolio Name').fill('Out Of Credits');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles((await resumePdf()).file);

  await expect(toast(page, 'Insufficient credits')).toBeVisible();
  await expect(
    toast(page, 'You do not have enough credits to parse a resume. Please upgrade your plan'),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByLabel('Portfolio Name')).toHaveValue('Out Of Credits');
  await expect(page.getByTestId('chosen-file')).toHaveText((await resumePdf()).filename);
});
