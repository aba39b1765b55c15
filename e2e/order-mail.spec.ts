// E-mail in the browser (issue 14): the order messages a buyer receives over SMTP (the tests' own
// server on loopback) lead back to the order page; an operator sets their notifications and the
// sale's logo, with every server message next to its field.
import { deflateSync } from 'node:zlib';
import { expect, newBuyer, registerThroughApi, signInAsOperator, test, uniqueCode } from './fixtures';
import { mailTo } from './mail';
import { ensureLiveSale, offerCrypto, operatorApi, pendingOrderId } from './operator-api';

/** A real 1×1 PNG: signature, IHDR, IDAT, IEND, each with its CRC. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 67, 56, 202]))), chunk('IEND', Buffer.alloc(0))]);
}

test('an order message arrives with its QR code and leads to the order page; the approval follows', async ({ page }) => {
  const api = await operatorApi();
  const { tokenSymbol } = await ensureLiveSale(api);
  const code = await offerCrypto(api, uniqueCode('M', 6), '300000');
  const buyer = newBuyer();
  await registerThroughApi(page.request, buyer);
  const placed = await page.request.post('/api/orders', { data: { crypto: code, tokens: '300' } });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { id: string }).id;

  const created = await mailTo(buyer.email, new RegExp(`^Order ${orderId}: send 0\\.001 ${code}$`));
  expect(created.attachments.map((a) => [a.contentType, a.cid])).toContainEqual(['image/png', 'payment-qr@presale']);
  const link = new URL(/https?:\/\/\S+\/dashboard\/transaction\?order=\S+/.exec(created.text ?? '')?.[0] ?? 'http://missing/');
  expect(link.searchParams.get('order')).toBe(orderId);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(`0.001 ${code}`).first()).toBeVisible();

  const approved = await api.post(`/api/admin/orders/${String(await pendingOrderId(api, orderId))}/approve`, { data: { note: '' } });
  expect(approved.status()).toBe(200);
  const decision = await mailTo(buyer.email, new RegExp(`^Order ${orderId} approved: 300 ${tokenSymbol} credited$`));
  expect(decision.text).toContain(`Your balance: 321 ${tokenSymbol}`);
  await api.dispose();
});

test('an operator sets their notifications and the sale’s logo, with messages at the fields', async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/admin/outbox');
  const card = page.getByRole('form', { name: 'Your notifications' });
  await card.getByLabel('Your e-mail address').fill('');
  await card.getByLabel('When a payment needs review').check();
  await card.getByRole('button', { name: 'Save notifications' }).click();
  await expect(card.getByText('Give the address to send notifications to.')).toBeVisible();
  await card.getByLabel('Your e-mail address').fill('ops@example.com');
  await card.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Notifications saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your notifications' }).getByLabel('Your e-mail address')).toHaveValue('ops@example.com');
  await expect(page.getByRole('form', { name: 'Your notifications' }).getByLabel('When a payment needs review')).toBeChecked();

  await page.goto('/admin/content');
  const file = page.getByLabel('Logo image');
  // A file that only claims to be an image is refused by the server, next to the field.
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText('Choose a PNG, JPEG, GIF or WebP image.')).toBeVisible();
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText('Logo saved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Current logo' })).toHaveJSProperty('naturalWidth', 1);
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('No logo')).toBeVisible();
});
