import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { LOGO_INVALID, LOGO_MAX_BYTES, LOGO_TOO_LARGE, type Content, type ContentBody, type Logo } from '@/contracts/content';
import { auditLog, cryptos } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OPERATOR = 'presale_operator_session';

describe(`content (${databaseKind})`, () => {
  const t = useTestApp();

  const getPublic = async () => (await t.app.inject({ method: 'GET', url: '/api/content' })).json<Content>();

  it('serves honest defaults, with the payment answer generated from the offered cryptos', async () => {
    const before = await getPublic();
    expect(before.heroHeading).toBe('The future of digital currency!');
    expect(before.tokenomics).toEqual([]);
    expect(before.faq.find((f) => f.question === 'Which payment methods are accepted?')?.answer).toBe('Payment methods have not been set up yet. Check back soon.');
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '1', usdPrice: '0.01', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }).where(eq(cryptos.code, 'ETH'));
    const after = await getPublic();
    expect(after.faq.find((f) => f.question === 'Which payment methods are accepted?')?.answer).toMatch(/^You can pay with Ethereum\./);
  });

  it('lets an operator edit every text, audited, and keeps the placeholder generated', async () => {
    const operator = await signInOperator(t.app, t.database);
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/content', cookies: { [OPERATOR]: operator } })).json<Content>();
    expect(current.faq[1]?.answer).toBe('{payment methods}');
    const body: ContentBody = {
      ...current,
      heroHeading: 'Own a piece of the network',
      faq: [{ question: 'Is there a minimum?', answer: 'Yes: 40 tokens.' }, { question: 'How can I pay?', answer: 'Today: {payment methods}' }],
      tokenomics: [
        { label: 'Sale', percent: '40.5' },
        { label: 'Team', percent: '15' },
      ],
      documents: [{ title: 'Whitepaper', url: 'https://example.com/whitepaper.pdf' }],
      binanceVideoUrl: null,
    };
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/content', cookies: { [OPERATOR]: operator }, payload: body });
    expect(res.statusCode).toBe(200);
    const pub = await getPublic();
    expect(pub.heroHeading).toBe('Own a piece of the network');
    expect(pub.faq.map((f) => f.question)).toEqual(['Is there a minimum?', 'How can I pay?']);
    expect(pub.faq[1]?.answer).toBe('Today: Payment methods have not been set up yet. Check back soon.');
    expect(pub.tokenomics).toEqual(body.tokenomics);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'content.update'));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad content with a clear message and saves nothing', async () => {
    const operator = await signInOperator(t.app, t.database);
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/content', cookies: { [OPERATOR]: operator } })).json<Content>();
    const cases: [Partial<ContentBody>, RegExp][] = [
      [{ tokenomics: [{ label: 'A', percent: '60' }, { label: 'B', percent: '40.01' }] }, /add up to 100.01%; they must total at most 100%/],
      [{ tokenomics: [{ label: 'A', percent: '0' }] }, /more than 0/],
      [{ tokenomics: [{ label: 'Unallocated', percent: '5' }] }, /shown automatically/],
      [{ heroHeading: '' }, /Hero heading is required/],
      [{ heroHeading: 'x'.repeat(121) }, /at most 120/],
      [{ documents: [{ title: 'Bad', url: 'javascript:alert(1)' }] }, /full http\(s\) address/],
      [{ binanceVideoUrl: 'ftp://example.com/v' }, /full http\(s\) address/],
      [{ faq: Array.from({ length: 41 }, (_, i) => ({ question: `Q${i}`, answer: 'A' })) }, /At most 40 FAQ items/],
      [{ supportContact: 'call us maybe' }, /Support contact must be an e-mail address/],
      [{ faq: [{ question: 'Two\r\nlines?', answer: 'A' }] }, /"faq\.0\.question":"Question must not contain line breaks/],
    ];
    for (const [change, message] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/content', cookies: { [OPERATOR]: operator }, payload: { ...current, ...change } });
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(change).slice(0, 80)).toMatch(message);
    }
    const huge = await t.app.inject({ method: 'PUT', url: '/api/admin/content', cookies: { [OPERATOR]: operator }, payload: { ...current, termsMarkdown: 'x'.repeat(300 * 1024) } });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await getPublic()).heroHeading).toBe('The future of digital currency!');
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });

  it('shows no support contact by default and puts the saved one in the help answer', async () => {
    const help = (c: Content) => c.faq.find((f) => f.question === 'Where can I get help?')?.answer;
    const before = await getPublic();
    expect(before.supportContact).toBe('');
    expect(help(before)).toBe('Contact the project through its official channels. Include your order number.');
    const operator = await signInOperator(t.app, t.database);
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/content', cookies: { [OPERATOR]: operator } })).json<Content>();
    for (const [contact, answer] of [
      ['help@example.com', 'Contact the project at help@example.com. Include your order number.'],
      ['@presale_help', 'Contact the project on Telegram at @presale_help. Include your order number.'],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/content', cookies: { [OPERATOR]: operator }, payload: { ...current, supportContact: contact } });
      expect(res.statusCode).toBe(200);
      const after = await getPublic();
      expect(after.supportContact).toBe(contact);
      expect(help(after)).toBe(answer);
    }
  });

  it('refuses content edits without an operator session', async () => {
    const { cookie } = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/content', cookies: { presale_session: cookie }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('takes a logo whose bytes are an image, serves it by its hash, and removes it; audited', async () => {
    const operator = await signInOperator(t.app, t.database);
    const cookies = { [OPERATOR]: operator };
    const png = await QRCode.toBuffer('logo', { width: 64 });
    const upload = (image: string) => t.app.inject({ method: 'PUT', url: '/api/admin/content/logo', cookies, payload: { image } });
    const read = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/content/logo', cookies })).json<{ logo: Logo | null }>().logo;
    expect(await read()).toBeNull();

    // What the browser claims does not count: the first bytes do. SVG (scripts) is not an image here.
    const refusals: [string, string][] = [
      [`data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`, LOGO_INVALID],
      [`data:image/png;base64,${Buffer.from('GIF89a but not quite').toString('base64').slice(0, 4)}`, LOGO_INVALID],
      ['not a data url', LOGO_INVALID],
      [`data:image/png;base64,${Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]).toString('base64')}`, LOGO_TOO_LARGE],
    ];
    for (const [image, message] of refusals) {
      const res = await upload(image);
      expect(res.statusCode, image.slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ error: { fields: { image: message } } });
    }
    expect(await read()).toBeNull();

    const saved = await upload(`data:image/jpeg;base64,${png.toString('base64')}`);
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = saved.json<{ logo: Logo }>().logo;
    expect(logo).toMatchObject({ mime: 'image/png', bytes: png.length, url: `/api/logo/${createHash('sha256').update(png).digest('hex')}` });
    expect(await read()).toEqual(logo);
    const served = await t.app.inject({ method: 'GET', url: logo.url });
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([200, 'image/png', 'public, max-age=31536000, immutable']);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/logo/${'0'.repeat(64)}` })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/admin/content/logo', cookies });
    expect(removed.json()).toEqual({ logo: null });
    expect((await t.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(404);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'content.logo'));
    expect(audited.map((a) => [a.before === null, a.after === null])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
