import { Context, type Emitter, Liquid, LiquidError, Tag, toValueSync } from 'liquidjs';

/**
 * Safe Liquid rendering (issue 7 "Rendering safely"; DESIGN.md "Templates"), the same on the
 * server (messages, validation when staff save) and in the app (FAQ answers). Imported as
 * `@bcp/contract/templating`, apart from the contract's index, so that the app loads liquidjs only
 * where it renders a template.
 *
 * - output escaping on (`{{ value }}` is HTML-escaped; `| raw` does not turn it off), except for
 *   plain-text output (`escape: false`: SMS);
 * - strict filters (an unknown filter is a parse error), own properties only (`constructor`,
 *   `__proto__`, `toString` ... render empty), no partials or layouts (`include`, `render`,
 *   `layout` are parse errors; nothing is read from disk);
 * - limits: template size (`parseLimit`), render time (`renderLimit`, the render runs synchronously
 *   so only its own work counts), counted allocations
 *   (`memoryLimit`) and output size (our own emitter); a template over a limit throws
 *   `TemplateRenderError`;
 * - data is copied as plain JSON first (`toTemplateData`): no class instances, functions or
 *   prototypes reach the template.
 * The HTML it returns still goes through DOMPurify before it is shown (`RICH_TEXT_SANITIZE_CONFIG` of
 * the contract's index).
 */
export const TEMPLATE_LIMITS = {
  /** Characters of one template (subject or body). */
  maxSourceChars: 20_000,
  /** Milliseconds one render may take. */
  renderMs: 250,
  /** liquidjs's counted allocations (strings built by filters, arrays, ranges). */
  memory: 1_000_000,
  /** Characters one render may produce. */
  maxOutputChars: 100_000,
} as const;

/** Where a template is wrong: the message with its line and column (1-based). */
export interface TemplateProblem {
  message: string;
  line: number;
  column: number;
}

/** A template that cannot be rendered: broken, or stopped by a limit. */
export class TemplateRenderError extends Error {
  override name = 'TemplateRenderError';
}

class NoPartialsTag extends Tag {
  constructor(...args: ConstructorParameters<typeof Tag>) {
    super(...args);
    throw new Error(`{% ${args[0].name} %} is not available: templates cannot include other files`);
  }
  render(): void {}
}

class OutputLimitExceeded extends Error {}

/** Collects output, refusing more than `TEMPLATE_LIMITS.maxOutputChars`. */
class LimitedEmitter implements Emitter {
  buffer = '';
  write(html: unknown): void {
    const text =
      html === null || html === undefined ? '' : Array.isArray(html) ? html.map(String).join('') : String(html);
    if (this.buffer.length + text.length > TEMPLATE_LIMITS.maxOutputChars) {
      throw new OutputLimitExceeded(`output over ${TEMPLATE_LIMITS.maxOutputChars} characters`);
    }
    this.buffer += text;
  }
}

const NO_FILES = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => {
    throw new Error('no files');
  },
  readFileSync: () => {
    throw new Error('no files');
  },
  resolve: (_root: string, file: string) => file,
  sep: '/',
};

const engines = new Map<boolean, Liquid>();

/** The engine for HTML (`escape`) or plain-text output, made on first use. */
function engine(escapeHtml: boolean): Liquid {
  let liquid = engines.get(escapeHtml);
  if (liquid) return liquid;
  liquid = new Liquid({
    ...(escapeHtml ? { outputEscape: 'escape' as const } : {}),
    strictFilters: true,
    strictVariables: false,
    ownPropertyOnly: true,
    parseLimit: TEMPLATE_LIMITS.maxSourceChars,
    renderLimit: TEMPLATE_LIMITS.renderMs,
    memoryLimit: TEMPLATE_LIMITS.memory,
    fs: NO_FILES,
    root: [],
    partials: [],
    layouts: [],
    relativeReference: false,
    dynamicPartials: false,
    cache: false,
  });
  for (const name of ['include', 'render', 'layout', 'block']) liquid.registerTag(name, NoPartialsTag);
  // `raw` would turn escaping off for a value: here it changes nothing.
  liquid.registerFilter('raw', (value: unknown) => value);
  engines.set(escapeHtml, liquid);
  return liquid;
}

function problemOf(error: unknown): TemplateProblem {
  if (error instanceof LiquidError) {
    const [line, column] = error.token?.getPosition() ?? [1, 1];
    // liquidjs appends ", line:L, col:C" to the message; we report them as fields.
    const message = error.message.replace(/, line:\d+, col:\d+$/, '').replace(/^[A-Za-z]*Error: /, '');
    return { message, line: line ?? 1, column: column ?? 1 };
  }
  return { message: error instanceof Error ? error.message : String(error), line: 1, column: 1 };
}

/** `Line 3, column 5: tag {% if %} not closed` */
export function describeTemplateProblem(problem: TemplateProblem): string {
  return `Line ${problem.line}, column ${problem.column}: ${problem.message}`;
}

/**
 * Parses `source` without rendering it: `null` when it is a valid template, else what is wrong and
 * where (unknown filter, unclosed tag, partials, over `maxSourceChars`).
 */
export function checkTemplate(source: string): TemplateProblem | null {
  if (source.length > TEMPLATE_LIMITS.maxSourceChars) {
    return { message: `A template can have at most ${TEMPLATE_LIMITS.maxSourceChars} characters.`, line: 1, column: 1 };
  }
  try {
    engine(true).parse(source);
    return null;
  } catch (error) {
    return problemOf(error);
  }
}

/**
 * `value` as plain data for a template: a JSON copy (dates become ISO strings; functions, class
 * instances' prototypes and `undefined` disappear). Only objects, arrays, strings, numbers,
 * booleans and null reach Liquid.
 */
export function toTemplateData(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/**
 * Renders `source` with `data` (copied by `toTemplateData`). HTML-escaped output unless
 * `escape: false` (plain text such as SMS, never shown as HTML).
 * @throws TemplateRenderError when the template is invalid or a limit stops it
 */
export async function renderTemplate(
  source: string,
  data: Record<string, unknown>,
  options: { escape?: boolean } = {},
): Promise<string> {
  const liquid = engine(options.escape !== false);
  try {
    if (source.length > TEMPLATE_LIMITS.maxSourceChars) throw new Error('template too long');
    const templates = liquid.parse(source);
    const context = new Context(toTemplateData(data), liquid.options, {
      renderLimit: TEMPLATE_LIMITS.renderMs,
      memoryLimit: TEMPLATE_LIMITS.memory,
    });
    const emitter = new LimitedEmitter();
    // Rendered in one synchronous run: liquidjs's time limit is a deadline on the clock, and an
    // asynchronous render lets other work of this thread (another request, a query of the embedded
    // database) run between its steps and use that time up. No filter or tag here is asynchronous.
    toValueSync(liquid.renderer.renderTemplates(templates, context, emitter));
    return emitter.buffer;
  } catch (error) {
    const problem = problemOf(error);
    throw new TemplateRenderError(describeTemplateProblem(problem));
  }
}
