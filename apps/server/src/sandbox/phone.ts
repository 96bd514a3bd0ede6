import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Tick } from './common.ts';
import { escapeHtml, PUBLIC } from './common.ts';
import type { ChannelSandbox } from './index.ts';

type Provider = 'telegram' | 'whatsapp' | 'waha';

interface SendBody {
  provider?: Provider;
  account?: string;
  name?: string;
  /** WhatsApp: the customer's number; Telegram: the customer's user id. */
  phone?: string;
  text?: string;
}

/** The chat key of a customer in each fake's threads. */
function chatOf(provider: Provider, phone: string) {
  const digits = phone.replace(/\D/g, '');
  return provider === 'waha' ? `${digits}@c.us` : digits;
}

const page = (title: string, body: string, script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}<script>${script}</script></body></html>`;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#e9edef;color:#111b21}
header{background:#075e54;color:#fff;padding:10px 16px;display:flex;gap:12px;align-items:center}
header h1{font-size:16px;margin:0;flex:1}main{max-width:720px;margin:0 auto;padding:12px}
.card{background:#fff;border-radius:8px;padding:12px;margin-bottom:12px;box-shadow:0 1px 2px #0002}
label{display:block;font-size:12px;color:#54656f;margin:6px 0 2px}input,select,textarea,button{font:inherit}
input,select,textarea{width:100%;padding:8px;border:1px solid #d1d7db;border-radius:6px}
button{background:#00a884;color:#fff;border:0;border-radius:6px;padding:8px 14px;cursor:pointer}
button.secondary{background:#fff;color:#075e54;border:1px solid #075e54}button:disabled{opacity:.5}
.row{display:flex;gap:8px}.row>*{flex:1}
#thread{height:52vh;overflow-y:auto;background:#efeae2;border-radius:8px;padding:12px;display:flex;flex-direction:column;gap:6px}
.bubble{max-width:75%;padding:6px 10px;border-radius:8px;white-space:pre-wrap;word-wrap:break-word;box-shadow:0 1px 1px #0001}
.in{align-self:flex-end;background:#d9fdd3}.out{align-self:flex-start;background:#fff}
.meta{font-size:11px;color:#667781;text-align:right;margin-top:2px}.tick-read{color:#53bdeb}.failed{color:#d00}
.note{font-size:12px;color:#54656f}.empty{color:#667781;text-align:center;margin:auto}
form.compose{display:flex;gap:8px;margin-top:8px}form.compose textarea{height:42px;resize:vertical}
`;

const PHONE_BODY = `
<header><h1>Customer phone · sandbox</h1><span class="note" style="color:#cfe">Chat as a customer of a business using this console</span></header>
<main>
  <section class="card" id="setup">
    <label for="account">Business account (known to the sandbox)</label>
    <div class="row"><select id="account"></select><button class="secondary" id="refresh" type="button">Refresh</button></div>
    <div class="row">
      <div><label for="name">Your name</label><input id="name" placeholder="Budi Santoso"></div>
      <div><label for="phone" id="phoneLabel">Your phone number</label><input id="phone" placeholder="6281234567890"></div>
    </div>
    <p class="note" id="hint"></p>
    <div class="row" style="flex-wrap:wrap">
      <button class="secondary" id="newBot" type="button">New sandbox Telegram bot</button>
      <button class="secondary" id="newNumber" type="button">Add a Cloud API number</button>
    </div>
  </section>
  <section class="card">
    <div id="thread"><p class="empty">Pick an account, type your name and number, then write.</p></div>
    <form class="compose" id="compose"><textarea id="text" placeholder="Type a message (Enter sends, Shift+Enter adds a line)"></textarea><button id="send">Send</button></form>
    <p class="note" id="status" role="status"></p>
  </section>
</main>`;

const PHONE_SCRIPT = `
const $ = (id) => document.getElementById(id);
const api = async (path, init) => {
  const res = await fetch('/sandbox/phone/api/' + path, init && { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init) });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.message || res.statusText);
  return body;
};
let accounts = [];
const saved = JSON.parse(localStorage.getItem('sandbox-phone') || '{}');
$('name').value = saved.name || '';
$('phone').value = saved.phone || '';
const current = () => accounts.find((a) => a.key === $('account').value);
function save() { localStorage.setItem('sandbox-phone', JSON.stringify({ account: $('account').value, name: $('name').value, phone: $('phone').value })); }
function describe() {
  const a = current();
  const tg = a && a.provider === 'telegram';
  $('phoneLabel').textContent = tg ? 'Your Telegram user id' : 'Your phone number';
  $('phone').placeholder = tg ? '5511223344' : '6281234567890';
  $('hint').textContent = a ? a.hint : 'No account yet: activate an integration in the console, or create one here.';
}
async function loadAccounts() {
  accounts = await api('accounts');
  const select = $('account');
  const keep = select.value || saved.account;
  select.innerHTML = accounts.map((a) => '<option value="' + a.key + '">' + a.label.replace(/</g, '&lt;') + '</option>').join('');
  if (accounts.some((a) => a.key === keep)) select.value = keep;
  describe();
}
const ticks = { pending: '🕓', sent: '✓', delivered: '✓✓', read: '✓✓', failed: '⚠' };
let lastRender = '';
async function poll() {
  const a = current();
  const phone = $('phone').value.trim();
  if (!a || !phone) return;
  const read = document.visibilityState === 'visible' ? '1' : '0';
  const q = new URLSearchParams({ provider: a.provider, account: a.account, phone, read });
  const data = await api('thread?' + q).catch(() => null);
  if (!data) return;
  const html = data.messages.length ? data.messages.map((m) => {
    const time = new Date(m.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    const tick = m.direction === 'in' ? '<span class="' + (m.status === 'failed' ? 'failed' : '') + '">' + (m.status === 'failed' ? 'not delivered' : m.status === 'pending' ? 'waiting for webhook' : '✓') + '</span>'
      : '<span class="' + (m.status === 'read' ? 'tick-read' : m.status === 'failed' ? 'failed' : '') + '" title="' + m.status + '">' + (ticks[m.status] || '') + '</span>';
    const text = m.text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return '<div class="bubble ' + m.direction + '" data-status="' + m.status + '">' + text + '<div class="meta">' + time + ' ' + tick + '</div></div>';
  }).join('') : '<p class="empty">No messages yet.</p>';
  if (html !== lastRender) { lastRender = html; $('thread').innerHTML = html; $('thread').scrollTop = 1e9; }
}
$('compose').addEventListener('submit', async (event) => {
  event.preventDefault();
  const a = current();
  const text = $('text').value;
  if (!a) return ($('status').textContent = 'Pick an account first.');
  if (!$('name').value.trim() || !$('phone').value.trim()) return ($('status').textContent = 'Type your name and number first.');
  if (!text.trim()) return;
  save();
  $('send').disabled = true;
  try {
    const result = await api('send', { provider: a.provider, account: a.account, name: $('name').value.trim(), phone: $('phone').value.trim(), text });
    $('text').value = '';
    $('status').textContent = result.note || '';
  } catch (error) { $('status').textContent = error.message; }
  $('send').disabled = false;
  poll();
});
$('text').addEventListener('keydown', (event) => { if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); $('compose').requestSubmit(); } });
$('account').addEventListener('change', () => { save(); describe(); lastRender = ''; poll(); });
$('phone').addEventListener('change', () => { save(); lastRender = ''; poll(); });
$('name').addEventListener('change', save);
$('refresh').addEventListener('click', loadAccounts);
$('newBot').addEventListener('click', async () => {
  const bot = await api('telegram/bots', {});
  $('status').textContent = 'New bot @' + bot.username + ': use this token as the AccountID of a Telegram integration: ' + bot.token;
  await loadAccounts();
});
$('newNumber').addEventListener('click', async () => {
  const id = prompt('phone_number_id (digits) to use as the AccountID of a WhatsApp Cloud integration', String(Math.floor(1e14 + Math.random() * 9e14)));
  if (!id) return;
  try { await api('whatsapp/numbers', { phone_number_id: id }); await loadAccounts(); } catch (error) { $('status').textContent = error.message; }
});
loadAccounts().then(poll);
setInterval(poll, 1500);
setInterval(loadAccounts, 15000);
`;

const QR_SCRIPT = `
const device = new URLSearchParams(location.search).get('device') || '';
const $ = (id) => document.getElementById(id);
const base = '/sandbox/waha/_sandbox/sessions/' + encodeURIComponent(device);
let shown = '';
async function refresh() {
  const res = await fetch(base);
  const state = res.ok ? await res.json() : null;
  const status = state ? state.status : 'MISSING';
  $('state').textContent = {
    MISSING: 'No session for this device yet: activate the integration in the console first.',
    STOPPED: 'The session is stopped: activate the integration again.',
    STARTING: 'Starting…',
    SCAN_QR_CODE: 'Scan this QR code with WhatsApp on the phone (Linked devices), or press the button.',
    WORKING: 'Paired' + (state && state.me ? ' as ' + state.me.pushName + ' (' + state.me.id.replace('@c.us', '') + ')' : '') + '. This device can now send and receive.',
    FAILED: 'The session failed: activate the integration again to get a new QR code.',
  }[status] || status;
  $('state').dataset.status = status;
  $('pair').disabled = status !== 'SCAN_QR_CODE';
  const img = $('qr');
  if (status === 'SCAN_QR_CODE') {
    if (shown !== 'qr' || Date.now() - (img.dataset.at || 0) > 20000) { img.src = base + '/qr.png?t=' + Date.now(); img.dataset.at = Date.now(); }
    img.hidden = false; shown = 'qr';
  } else { img.hidden = true; shown = status; }
}
$('pair').addEventListener('click', async () => {
  $('pair').disabled = true;
  await fetch(base + '/pair', { method: 'POST' });
  refresh();
});
refresh();
setInterval(refresh, 1500);
`;

/**
 * The customer's side of the sandbox: GET /sandbox/phone (pick an account the fakes know, chat as
 * a customer; the fake delivers to our webhook as the provider would, and the page polls the
 * fake's record of what the business sent, marking it read while the page is visible), and the
 * WAHA QR page GET /sandbox/waha/qr?device=<session>.
 */
export function phonePages(sandbox: ChannelSandbox) {
  return async (app: FastifyInstance) => {
    const html = (reply: FastifyReply, text: string) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(text);

    app.get('/sandbox/phone', { config: PUBLIC }, async (_request, reply) =>
      html(reply, page('Customer phone · sandbox', PHONE_BODY, PHONE_SCRIPT)),
    );

    app.get('/sandbox/waha/qr', { config: PUBLIC }, async (request, reply) => {
      const device = String((request.query as { device?: string }).device ?? '');
      const body = `<header><h1>Pair WhatsApp device “${escapeHtml(device)}”</h1></header><main><section class="card" style="text-align:center">
<p id="state" role="status">Loading…</p><img id="qr" alt="QR code for ${escapeHtml(device)}" hidden width="246" height="246" style="image-rendering:pixelated;display:block;margin:12px auto">
<button id="pair" disabled>Pair this device</button>
<p class="note">Development: this is the built-in sandbox gateway. The QR picture cannot be scanned by a real phone; “Pair this device” does what scanning would. With a real WAHA server the code comes from <code>GET /api/${escapeHtml(device)}/auth/qr</code>.</p>
</section></main>`;
      return html(reply, page(`Pair ${device}`, body, QR_SCRIPT));
    });

    app.get('/sandbox/phone/api/accounts', { config: PUBLIC }, async () => {
      const telegram = [...sandbox.telegram.bots.values()].map((bot) => ({
        key: `telegram:${bot.token}`,
        provider: 'telegram',
        account: bot.token,
        label: `Telegram · @${bot.username}${bot.webhook ? '' : ' (no webhook yet)'}`,
        hint: bot.webhook
          ? `Messages go to ${bot.webhook.url}`
          : 'No webhook set: activate a Telegram integration with this bot token first.',
      }));
      const cloud = await Promise.all(
        [...sandbox.whatsapp.numbers.values()].map(async (number) => {
          const url = await sandbox.whatsapp.webhookUrl(number.id);
          return {
            key: `whatsapp:${number.id}`,
            provider: 'whatsapp',
            account: number.id,
            label: `WhatsApp Cloud · ${number.verifiedName} (${number.id})${url ? '' : ' (no webhook yet)'}`,
            hint: url
              ? `Messages go to ${url}`
              : 'No webhook known: activate a WhatsApp Cloud integration with this phone_number_id.',
          };
        }),
      );
      const waha = [...sandbox.waha.sessions.values()].map((session) => ({
        key: `waha:${session.name}`,
        provider: 'waha',
        account: session.name,
        label: `WhatsApp Web · ${session.name} (${session.status})`,
        hint:
          session.status === 'WORKING'
            ? `Paired as ${session.me?.id.replace('@c.us', '') ?? ''}`
            : `Not paired: open /sandbox/waha/qr?device=${session.name} and pair it first.`,
      }));
      return [...telegram, ...cloud, ...waha];
    });

    app.get('/sandbox/phone/api/thread', { config: PUBLIC }, async (request, reply) => {
      const query = request.query as { provider?: Provider; account?: string; phone?: string; read?: string };
      if (!query.provider || !query.account || !query.phone)
        return reply.code(400).send({ message: 'provider, account and phone are required' });
      const chat = chatOf(query.provider, query.phone);
      const fake =
        query.provider === 'telegram'
          ? sandbox.telegram
          : query.provider === 'whatsapp'
            ? sandbox.whatsapp
            : sandbox.waha;
      // The customer looking at the chat reads what the business sent.
      if (query.read === '1') {
        if (query.provider === 'whatsapp') await sandbox.whatsapp.markRead(query.account, chat);
        if (query.provider === 'waha') await sandbox.waha.markRead(query.account, chat);
      }
      const thread = fake.threads.find(query.account, chat);
      return {
        name: thread?.name ?? null,
        messages: (thread?.messages ?? []).map((message) => ({
          id: message.id,
          direction: message.direction,
          text: message.text,
          at: message.at.toISOString(),
          status: message.status as Tick,
        })),
      };
    });

    app.post('/sandbox/phone/api/send', { config: PUBLIC }, async (request, reply) => {
      const body = (request.body ?? {}) as SendBody;
      const name = body.name?.trim() ?? '';
      const digits = (body.phone ?? '').replace(/\D/g, '');
      const text = body.text ?? '';
      if (!body.provider || !body.account || !name || !digits || !text.trim()) {
        return reply.code(400).send({ message: 'account, name, phone and text are required' });
      }
      try {
        if (body.provider === 'telegram') {
          const [firstName, ...rest] = name.split(/\s+/);
          const delivery = await sandbox.telegram.customerMessage(
            body.account,
            { userId: Number(digits), firstName: firstName!, lastName: rest.join(' ') || undefined },
            text,
          );
          return {
            ok: delivery?.ok ?? false,
            note: delivery
              ? noteOf(delivery.ok, delivery.attempts.at(-1)?.status)
              : 'The bot has no webhook: the update waits.',
          };
        }
        if (body.provider === 'whatsapp') {
          const { delivery } = await sandbox.whatsapp.customerMessage(
            body.account,
            { waId: digits, name },
            text,
          );
          return {
            ok: delivery?.ok ?? false,
            note: delivery
              ? noteOf(delivery.ok, delivery.attempts.at(-1)?.status)
              : 'No webhook known for this number.',
          };
        }
        const { deliveries } = await sandbox.waha.customerMessage(
          body.account,
          { phone: digits, name },
          text,
        );
        const ok = deliveries.some((delivery) => delivery.ok);
        return {
          ok,
          note: deliveries.length
            ? noteOf(ok, deliveries.at(-1)?.attempts.at(-1)?.status)
            : 'The session has no webhook.',
        };
      } catch (error) {
        return reply.code(409).send({ message: (error as Error).message });
      }
    });

    app.post('/sandbox/phone/api/telegram/bots', { config: PUBLIC }, async () => {
      const bot = sandbox.telegram.createBot();
      return { token: bot.token, username: bot.username };
    });

    app.post('/sandbox/phone/api/whatsapp/numbers', { config: PUBLIC }, async (request, reply) => {
      const id = String((request.body as { phone_number_id?: string } | null)?.phone_number_id ?? '');
      if (!sandbox.whatsapp.number(id))
        return reply.code(400).send({ message: 'A phone_number_id is 5 to 20 digits' });
      return { phone_number_id: id };
    });
  };
}

const noteOf = (ok: boolean, status: number | null | undefined) =>
  ok ? '' : `The business's server did not take it (answer ${status ?? 'none'}).`;
