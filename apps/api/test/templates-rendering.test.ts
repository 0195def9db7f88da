import { RICH_TEXT_SANITIZE_CONFIG } from '@bcp/contract';
import { renderTemplate, TEMPLATE_LIMITS, TemplateRenderError } from '@bcp/contract/templating';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/platform/templating/sanitize-html.js';

/**
 * Issue 7 "Rendering safely" and "Done when": every Liquid variable kind renders; prototype and
 * constructor lookups render empty; XSS payloads in templates and data never give executable HTML
 * after sanitizing; loops and huge output are stopped by the limits.
 */
const DATA = {
  benefit: { id: 7, benefitType: 'surplus', amount: 'R 512,30', amountCents: 51230, paid: false, note: null },
  person: { firstName: 'Kagiso', lastName: 'Molefe', idNumberMasked: '*********8085' },
  fund: { id: 1, name: 'Demo Retirement Fund', registrationNumber: '12/8/00001' },
  claim: [
    { id: 3, status: 'in_review', submittedAt: '2026-05-04T10:00:00.000Z' },
    { id: 2, status: 'rejected', submittedAt: null },
  ],
};

describe('Liquid variables of every kind', () => {
  it.each([
    ['string', '{{ person.firstName }}', 'Kagiso'],
    ['nested string', '{{ fund.name }} ({{ fund.registrationNumber }})', 'Demo Retirement Fund (12/8/00001)'],
    ['integer', '{{ benefit.amountCents }}', '51230'],
    ['arithmetic', '{{ benefit.amountCents | divided_by: 100 | floor }}', '512'],
    ['boolean', '{% if benefit.paid %}paid{% else %}not paid{% endif %}', 'not paid'],
    ['null', '[{{ benefit.note }}]{{ benefit.note | default: "none" }}', '[]none'],
    ['missing', '[{{ nothing.here }}]', '[]'],
    ['list loop', '{% for c in claim %}{{ c.id }}:{{ c.status }};{% endfor %}', '3:in_review;2:rejected;'],
    ['list first and size', '{{ claim.first.status }} of {{ claim.size }}', 'in_review of 2'],
    ['index', '{{ claim[1].id }}', '2'],
    [
      'filters',
      '{{ person.firstName | upcase }} {{ claim.first.submittedAt | date: "%Y-%m-%d" }}',
      'KAGISO 2026-05-04',
    ],
    [
      'assign and capture',
      '{% assign n = person.firstName %}{% capture g %}Hi {{ n }}{% endcapture %}{{ g }}',
      'Hi Kagiso',
    ],
    ['case', '{% case benefit.benefitType %}{% when "surplus" %}S{% else %}O{% endcase %}', 'S'],
    ['unless', '{% unless benefit.paid %}open{% endunless %}', 'open'],
  ])('%s', async (_kind, template, expected) => {
    expect(await renderTemplate(template, DATA)).toBe(expected);
  });

  it('escapes values in HTML output, keeps them in plain text output', async () => {
    const data = { person: { firstName: `<b>O'Brien & Co</b>` } };
    expect(await renderTemplate('{{ person.firstName }}', data)).toBe('&lt;b&gt;O&#39;Brien &amp; Co&lt;/b&gt;');
    expect(await renderTemplate('{{ person.firstName | raw }}', data)).toBe('&lt;b&gt;O&#39;Brien &amp; Co&lt;/b&gt;');
    expect(await renderTemplate('{{ person.firstName }}', data, { escape: false })).toBe(`<b>O'Brien & Co</b>`);
  });
});

describe('prototype and constructor lookups render empty', () => {
  it.each([
    '{{ constructor }}',
    '{{ constructor.name }}',
    '{{ x.__proto__ }}',
    '{{ x.__proto__.polluted }}',
    '{{ __proto__ }}',
    '{{ x.constructor }}',
    '{{ x.constructor.constructor }}',
    '{{ x["constructor"]["constructor"] }}',
    '{{ x["__proto__"] }}',
    '{{ toString }}',
    '{{ x.toString }}',
    '{{ x.hasOwnProperty }}',
    '{{ x.valueOf }}',
    '{{ claim.constructor }}',
    '{{ claim.push }}',
    '{{ person.firstName.constructor }}',
  ])('%s', async (template) => {
    expect(await renderTemplate(template, { x: { a: 1 }, ...DATA })).toBe('');
  });

  it('class instances and functions in data reach the template as plain JSON only', async () => {
    class Secretive {
      visible = 'yes';
      get hidden() {
        return 'getter';
      }
      method() {
        return 'called';
      }
    }
    const data = { obj: new Secretive(), fn: () => 'ran', when: new Date('2026-01-02T03:04:05Z') };
    expect(await renderTemplate('{{ obj.visible }}|{{ obj.hidden }}|{{ obj.method }}|{{ fn }}|{{ when }}', data)).toBe(
      'yes||||2026-01-02T03:04:05.000Z',
    );
  });

  it('partials cannot read files', async () => {
    for (const template of ['{% include "/etc/passwd" %}', '{% render "package.json" %}', '{% layout "x" %}']) {
      await expect(renderTemplate(template, {})).rejects.toThrow(TemplateRenderError);
    }
  });
});

/** Payloads from common XSS cheat sheets, used as template text and as data. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<body onload=alert(1)>',
  '<div onclick="alert(1)">click</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<video><source onerror="alert(1)"></video>',
  '<a href="vbscript:msgbox(1)">x</a>',
];

const dom = new JSDOM('');
const ALLOWED_SCHEMES = /^(https?:|mailto:|tel:|#|\/|[^:]*$)/i;

/** What in sanitized HTML could run: script-like elements, `on*` attributes, dangerous URLs. */
function executableParts(html: string): string[] {
  const container = dom.window.document.createElement('div');
  container.innerHTML = html;
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'form', 'base', 'meta', 'svg', 'math', 'img'].includes(tag)) {
      found.push(`<${tag}>`);
    }
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') found.push(`${tag}[${name}]`);
      if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(name)) {
        const value = Array.from(attribute.value)
          .filter((character) => character.charCodeAt(0) > 32)
          .join('');
        if (!ALLOWED_SCHEMES.test(value)) found.push(`${tag}[${name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

describe('XSS payloads never give executable HTML', () => {
  it('the checker finds what it must find (it can fail)', () => {
    expect(executableParts('<a href="javascript:alert(1)" onclick="x()">x</a><script>1</script>').sort()).toEqual([
      '<script>',
      'a[href=javascript:alert(1)]',
      'a[onclick]',
    ]);
  });

  it.each(XSS_PAYLOADS)('in the template: %s', async (payload) => {
    const html = sanitizeHtml(await renderTemplate(`<p>Hello {{ person.firstName }}</p>${payload}`, DATA));
    expect(executableParts(html)).toEqual([]);
    expect(html).not.toMatch(/<script|javascript:|onerror=|onload=/i);
  });

  it.each(XSS_PAYLOADS)('in the data: %s', async (payload) => {
    const data = { ...DATA, person: { ...DATA.person, firstName: payload }, fund: { ...DATA.fund, name: payload } };
    const rendered = await renderTemplate(
      '<p>{{ person.firstName }} {{ fund.name | raw }} {{ fund.name | upcase }}</p>',
      data,
    );
    // Escaped: the payload is text, never markup, even before sanitizing.
    expect(executableParts(rendered)).toEqual([]);
    expect(executableParts(sanitizeHtml(rendered))).toEqual([]);
  });

  it('the sanitizer keeps ordinary rich text', () => {
    expect(sanitizeHtml('<p>Hi <strong>you</strong> <a href="https://example.org">link</a></p>')).toBe(
      '<p>Hi <strong>you</strong> <a href="https://example.org">link</a></p>',
    );
    expect(RICH_TEXT_SANITIZE_CONFIG.FORBID_TAGS).toContain('img');
  });
});

describe('limits stop runaway templates', () => {
  async function stopped(template: string, data: Record<string, unknown> = {}) {
    const started = Date.now();
    await expect(renderTemplate(template, data)).rejects.toThrow(TemplateRenderError);
    expect(Date.now() - started).toBeLessThan(3_000);
  }

  it('an endless loop (a huge range) is stopped', async () => {
    await stopped('{% for i in (1..1000000000) %}{{ i }}{% endfor %}');
  });

  it('a long nested loop is stopped by time or memory', async () => {
    await stopped(
      '{% for i in (1..3000) %}{% for j in (1..3000) %}{% for k in (1..100) %}{% endfor %}{% endfor %}{% endfor %}',
    );
  });

  it('a template rendering megabytes is stopped at the output limit', async () => {
    await stopped(`{% for i in (1..10000) %}${'x'.repeat(1000)}{% endfor %}`);
    await stopped('{% for i in (1..100000) %}{{ big }}{% endfor %}', { big: 'y'.repeat(5000) });
  });

  it('a string doubling itself is stopped by the memory limit', async () => {
    await stopped(
      '{% assign a = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign a = a | append: a %}{% endfor %}{{ a }}',
    );
    await stopped(
      '{% assign a = "x" %}{% for i in (1..40) %}{% capture a %}{{ a }}{{ a }}{% endcapture %}{% endfor %}',
    );
  });

  it('a template over the size limit is refused', async () => {
    await stopped('x'.repeat(TEMPLATE_LIMITS.maxSourceChars + 1));
  });

  it('other work on the same thread does not count against a render (a busy server loses no message)', async () => {
    // Another request's code running between the render's steps (a query of the embedded database
    // runs on this thread) once used up the render time limit of an ordinary message (the outreach
    // test's lost invitations at load 8, issue 41). The limit counts the render's own work only.
    const blockThread = () => {
      const until = Date.now() + TEMPLATE_LIMITS.renderMs + 100;
      while (Date.now() < until) {
        // busy: what a slow synchronous query does to this thread
      }
    };
    const rendering = renderTemplate('{% for i in (1..20) %}{{ person.firstName }} {% endfor %}', DATA);
    await Promise.resolve().then(blockThread);
    await expect(rendering).resolves.toContain(String(DATA.person.firstName));
  });

  it('just under the limits still renders', async () => {
    const output = await renderTemplate(`{% for i in (1..90) %}${'x'.repeat(1000)}{% endfor %}`, {});
    expect(output).toHaveLength(90_000);
  });
});
