import { formatReferenceCode } from '@bcp/contract';
import escapeHtml from 'escape-html';
import { OUTBOX_PAGE_SIZE, type OutboxMessageRow } from './dev-outbox.service.js';

// Inline styles only: the CSP (platform/http/security-headers.ts) allows them; the page has no script.
const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1a1b1e; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
form { margin: 1rem 0; display: flex; gap: .5rem; align-items: center; }
input { font: inherit; padding: .25rem .5rem; min-width: 20rem; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #dee2e6; padding: .4rem .5rem; text-align: left; vertical-align: top; }
th { background: #f1f3f5; }
td:first-child { white-space: nowrap; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 13px/1.4 ui-monospace, monospace; }
.status-sent { color: #2b8a3e; } .status-failed { color: #c92a2a; } .status-pending { color: #e67700; }
.muted { color: #868e96; }
h2 { font-size: 1.05rem; margin: 0 0 .25rem; }
.key p { margin: .25rem 0; }
.key { border: 1px solid #dee2e6; border-radius: 4px; padding: .5rem .75rem; margin: 1rem 0; }
code { font: 13px/1.4 ui-monospace, monospace; word-break: break-all; }
`;

/**
 * The demo partner's API key box (development only; issue 41 item 4).
 * @param demoPartnerKey the key and the name of its file in the data folder
 */
function renderDemoPartnerKey(demoPartnerKey: { key: string; file: string }): string {
  return [
    '<section class="key" aria-labelledby="demo-partner-key">',
    '<h2 id="demo-partner-key">Demo partner API key</h2>',
    `<p><code>${escapeHtml(demoPartnerKey.key)}</code></p>`,
    '<p class="muted">Send it as <code>Authorization: Bearer &lt;key&gt;</code> to <code>/api/v2</code>. ',
    `It is also in <code>${escapeHtml(demoPartnerKey.file)}</code> in the data folder.</p>`,
    '</section>',
  ].join('\n');
}

function renderRow(message: OutboxMessageRow): string {
  const cell = (text: string | null | undefined) =>
    `<td>${text ? escapeHtml(text) : '<span class="muted">-</span>'}</td>`;
  const html = message.html
    ? `<details><summary>HTML part</summary><pre>${escapeHtml(message.html)}</pre></details>`
    : '';
  const reference = message.referenceCode
    ? `<div class="muted">Reference ${escapeHtml(formatReferenceCode(message.referenceCode))}</div>`
    : '';
  const error = message.lastError ? `<div class="muted">${escapeHtml(message.lastError)}</div>` : '';
  return [
    '<tr>',
    cell(message.createdAt.toISOString()),
    cell(message.channel),
    cell(message.destination),
    cell(message.purpose),
    cell(message.subject),
    `<td><pre>${escapeHtml(message.body)}</pre>${reference}${html}</td>`,
    `<td><span class="status-${escapeHtml(message.status)}">${escapeHtml(message.status)}</span>`,
    ` <span class="muted">(${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'})</span>${error}</td>`,
    '</tr>',
  ].join('');
}

/**
 * The development outbox page: the demo partner's API key when there is one, a filter form and a
 * table of `messages` (time, channel, destination, purpose, subject, body, status). Every value
 * is HTML-escaped; no script.
 * @param destination the current filter, shown in the form
 * @param demoPartnerKey the demo partner's API key and its file's name, when the demo data wrote one
 */
export function renderOutboxPage(
  messages: OutboxMessageRow[],
  destination: string | undefined,
  demoPartnerKey?: { key: string; file: string },
): string {
  const rows =
    messages.length > 0
      ? messages.map(renderRow).join('\n')
      : '<tr><td colspan="7" class="muted">No messages.</td></tr>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox (development)</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Outbox</h1>
<p class="muted">Development only: the latest ${OUTBOX_PAGE_SIZE} messages${destination ? ` to ${escapeHtml(destination)}` : ''}, newest first.</p>
${demoPartnerKey ? renderDemoPartnerKey(demoPartnerKey) : ''}
<form method="get">
<label for="destination">Destination</label>
<input id="destination" name="destination" placeholder="email or +27..." value="${escapeHtml(destination ?? '')}">
<button type="submit">Filter</button>
<a href="outbox">All messages</a>
</form>
<table>
<thead><tr><th>Time (UTC)</th><th>Channel</th><th>Destination</th><th>Purpose</th><th>Subject</th><th>Body</th><th>Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
