/**
 * Input latency: how long a keystroke takes to show, in Debian's Chromium (Playwright, headless), for
 *   (a) `generated` — a generated one-step form of 300 fields of mixed types with rules and conditions
 *       (tests/bench/latency/generate.ts), written in the DSL and compiled with `compileForm`;
 *   (b) `health` — the 9-step health-insurance booking (schemas/health-insurance), typing on its first step.
 * Each is rendered in a bench page of its own (not the app route: no server or database needed, and the page holds
 * only the form) by Antrag's engine and its peers, in the same run, next to a floor:
 *   `antrag`    — FormRunner with the form's precompiled validators, as the web app's form page renders it;
 *   `plain`     — the same JSON Schema and UI schema (what the engine hands RJSF: `renderSchemaFor` without the
 *                 `errorMessage`s, which only plain RJSF could not place at the fields; the UI schema with its texts
 *                 translated, Antrag's widget names mapped to the antd theme's, custom `ui:field`s left to RJSF's
 *                 defaults) in a plain `@rjsf/antd` Form with `@rjsf/validator-ajv8` (Antrag's keywords and formats
 *                 added), `liveValidate: 'onChange'`, `noHtml5Validate`, uncontrolled;
 *   `surveyjs`  — survey-core + survey-react-ui 3.0.0, the form mapped onto a survey JSON (./latency/peers.ts: types,
 *                 required, min/max, min/max length, pattern, visibleIf for the conditions), `checkErrorsMode:
 *                 'onValueChanged'`, `textUpdateMode: 'onTyping'` (a typed value changes, and is checked, a keystroke;
 *                 `--survey-text-update onBlur` for SurveyJS's default, where it changes when the box is left);
 *   `jsonforms` — @jsonforms/react 3.8 with the vanilla renderers, the form mapped onto a JSON Schema and a UI schema
 *                 with SHOW rules for the conditions (./latency/peers.ts), `validationMode: 'ValidateAndShow'`;
 *   `bare`      — the fields typed into as plain `<input>`s and nothing else: what the method measures for a page
 *                 that does no work at all (the browser's editing, one frame, the wait for that frame).
 * The peers are measured on the forms ./latency/peers.ts maps (the generated one; the health-insurance booking uses
 * field types it does not map, the country select first, and is measured with Antrag, plain RJSF and the floor only). What the
 * mapping could not carry over is printed with the figures; on the generated form, for both peers: Antrag's default
 * plainText rule (no control, zero-width or bidi characters) and maximum text lengths, a required text of spaces only
 * counting as empty, the currency input (a plain number box), the date picker (the browser's date input), antd's
 * searchable select (the platform's select), the messages' texts; SurveyJS: `maxItems` (it stops further choices instead of a message), whole
 * numbers (a regex validator); JSON Forms: the checkbox group of a multiselect (drawn by its array table), the switch
 * (a checkbox), the asterisk of a field required only while shown (required through if/then), "not after today"
 * (formatMaximum with the day of the build).
 * The pages are built with Vite's JS API into a temporary folder (production mode, the web app's module resolution;
 * the forms come in as virtual modules, so nothing is written into the repository or the product bundle) and served
 * by a small static server (./pages.ts).
 *
 * As an applicant meets the form after trying to go on: before typing, the step's Next (plain RJSF's Submit,
 * SurveyJS's Complete) is pressed once on the empty form, so the step's messages show and each engine checks fields
 * again as they change: Antrag as typing pauses (no key for 120 ms, at the latest 600 ms into a burst) and when a box
 * is left (packages/react/src/engine/StepForm.tsx, deferredChange.ts); plain RJSF, SurveyJS and JSON Forms on every
 * keystroke. JSON Forms has no submit: ValidateAndShow shows every message from the first render. The table prints how
 * many messages showed as the typing started and a second after it ended (fewer: the typed fields were checked
 * again). `--no-failed-next` types into the untouched form instead (Antrag then checks nothing while typing).
 *
 * Method (tests/bench/latency/probe.ts): per keystroke, from the keydown event's `timeStamp` to the first task
 * after the next `requestAnimationFrame`, i.e. after the frame that shows the character has been drawn by the
 * main thread, split into: until the page handled the keydown / until the frame started / until it was drawn.
 * Keystrokes are typed one at a time (Playwright `keyboard.type`), each after the previous one's frame and a
 * 50 ms pause (the first into a field 300 ms after the click, when its focus transition has ended), after 5
 * warm-up keystrokes that are not counted. Work an engine does after the frame (Antrag's re-check as typing pauses)
 * counts where a later keystroke waits for it. The figures include waiting for the next frame of the 60 Hz frame
 * clock (up to 16.7 ms; the `bare` row shows it); `--unthrottled-frames` starts Chromium with frames drawn as soon
 * as they are ready, which leaves that wait out. Why not the Event Timing API: see the probe's comment.
 *
 * Targets (issue 19): on (a) after a failed Next, without CPU throttling, Antrag p95 < 16 ms and every peer's p95 at
 * least 3× Antrag's. Printed next to the figures (p50, p95, p99 per engine, each peer's p95 ÷ Antrag's, the load
 * average before and after), not asserted: the run fails only when something crashes.
 *
 * Last run, 2026-11-26 (commit be32840; `--cases generated --runs 1`, 50 keystrokes an engine; 1-minute load average
 * 9.7 at the start, 13.0 at the end), p50 / p95 / p99 and each peer's p95 ÷ Antrag's: Antrag 11.6 / 17.7 / 30.4 ms;
 * plain RJSF 493.6 / 1,954.8 / 2,728.2 ms, 110×; SurveyJS 49.1 / 215.8 / 258.0 ms, 12.2×; JSON Forms 148.1 / 299.6 /
 * 387.1 ms, 16.9×; bare 5.3 / 13.6 / 17.8 ms. Every engine showed 84 messages as the typing started, 80 after it.
 *
 * Run: npm run bench:latency
 *   options: --runs <n> (1; page loads per case and engine, samples pooled), --throttle <rate> (CPU slowdown
 *   through CDP Emulation.setCPUThrottlingRate, e.g. 4), --json <file> (every sample), --cases generated,health,
 *   --engines antrag,plain,surveyjs,jsonforms,bare, --fields <n> (300), --chars <n> (50), --gap <ms> (50),
 *   --no-failed-next, --survey-text-update onTyping|onBlur, --unthrottled-frames,
 *   --profile (for looking into a slow case: pages built unminified, widgets wrapped to count their renders, and
 *   a CDP CPU profile of the typing printed as the top functions by self time; its latencies are not comparable
 *   with a normal run), --trace (a Chromium trace of the typing, summarised as the main thread's time a keystroke
 *   by kind of work: script, style, layout, paint, and how often Chrome's autofill task, which reads the whole form
 *   after each typed character, ran before the keystroke's frame; TRACE_FILE=<file> keeps the raw trace).
 *   CHROMIUM_PATH (default /usr/bin/chromium) picks the browser.
 * The machine's load average is printed with the figures: on a shared machine they move with it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { cpus, loadavg, platform, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { type CDPSession, chromium, type Page } from 'playwright';
import { build, type Plugin } from 'vite';
import { compileForm } from '../../packages/core/src/compile/index.js';
import type { CompiledForm, JsonSchema } from '../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../packages/core/src/dsl/types.js';
import { translate } from '../../packages/core/src/i18n/index.js';
import { localizeUiNode } from '../../packages/core/src/i18n/uiSchema.js';
import { precompileValidators } from '../../packages/core/src/validate/index.js';
import { renderChecksOf } from '../../packages/react/src/engine/renderChecks.js';
import { renderSchemaFor } from '../../packages/react/src/engine/renderSchema.js';
import { generateForm } from './latency/generate.js';
import { type PeerForms, peerForms } from './latency/peers.js';
import type { ProbeResult } from './latency/probe.js';
import { appResolve, serveStatic } from './pages.js';

const ROOT = join(import.meta.dirname, '../..');
const PAGES = join(import.meta.dirname, 'latency');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const RUNS = Math.max(1, Number(arg('runs', '1')));
const THROTTLE = Math.max(1, Number(arg('throttle', '1')));
const JSON_OUT = arg('json', '');
const CASES = arg('cases', 'generated,health').split(',');
const ENGINES = arg('engines', 'antrag,plain,surveyjs,jsonforms,bare').split(',') as Engine[];
const FIELDS = Number(arg('fields', '300'));
const CHARS = Number(arg('chars', '50'));
const GAP_MS = Number(arg('gap', '50'));
/** From a click into a field to its first keystroke. */
const CLICK_PAUSE_MS = 300;
const PROFILE = process.argv.includes('--profile');
const TRACE = process.argv.includes('--trace');
const UNTHROTTLED = process.argv.includes('--unthrottled-frames');
/** Before typing, press the step's Next (Submit, Complete) once on the empty form, as an applicant who tried it. */
const FAILED_NEXT = !process.argv.includes('--no-failed-next');
/** SurveyJS's `textUpdateMode`: `onTyping` (a value changes, and is validated, a keystroke) or its default `onBlur`. */
const SURVEY_TEXT_UPDATE = arg('survey-text-update', 'onTyping');
const WARMUP = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_P95_MS = 16;
const TARGET_RATIO = 3;

type Engine = 'antrag' | 'plain' | 'surveyjs' | 'jsonforms' | 'bare';
const PEERS: Engine[] = ['plain', 'surveyjs', 'jsonforms'];

/** How the bench finds things on an engine's page. */
interface EnginePage {
  /** The box a field is typed into. */
  input: (field: string) => string;
  /** The step's Next (or the form's submit); none: the page has no such button. */
  next?: string;
  /** A field's shown validation message. */
  message?: string;
}

const ENGINE_PAGES: Record<Engine, EnginePage> = {
  antrag: { input: (f) => `#root_${f}`, next: 'button[type="submit"]', message: '.ant-form-item-explain-error' },
  plain: { input: (f) => `#root_${f}`, next: 'button[type="submit"]', message: '.ant-form-item-explain-error' },
  surveyjs: {
    input: (f) => `[data-name="${f}"] :is(input, textarea)`,
    next: '.sd-navigation__complete-btn',
    message: '.sd-question__erbox:not(:empty)',
  },
  // no submit button: ValidateAndShow shows every message from the first render
  jsonforms: { input: (f) => `[id="#/properties/${f}-input"]`, message: '.validation_error:not(:empty)' },
  bare: { input: (f) => `#root_${f}` },
};

interface Case {
  name: string;
  label: string;
  form: CompiledForm;
  /** The peers' versions of the form, or why it has none (./latency/peers.ts maps what the generated form uses). */
  peers: PeerForms | string;
  step: number;
  /** Where to type: field name and text, in order. */
  typing: Array<{ field: string; text: string }>;
}

/** `count` characters of `alphabet`, split evenly over `fields`. */
function plan(fields: string[], count: number, alphabet: string): Case['typing'] {
  return fields.map((field, i) => {
    const n = Math.floor(count / fields.length) + (i < count % fields.length ? 1 : 0);
    return { field, text: Array.from({ length: n }, (_, k) => alphabet[k % alphabet.length]).join('') };
  });
}

function compiled(definition: unknown, what: string): CompiledForm {
  const result = compileForm(definition);
  if (!result.form) throw new Error(`${what} does not compile: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  return result.form;
}

function peersOf(definition: unknown): PeerForms | string {
  try {
    return peerForms(definition as FormDefinition);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function prepareCases(): Case[] {
  const generated = generateForm(FIELDS);
  // five text fields spread over the form (first, last and between), ten characters each by default
  const spread = [0, 0.25, 0.5, 0.75, 1].map(
    (p) => generated.textFields[Math.round(p * (generated.textFields.length - 1))],
  );
  const health = JSON.parse(
    readFileSync(join(ROOT, 'schemas/health-insurance/health-insurance-booking.form.json'), 'utf8'),
  ) as unknown;
  const all: Case[] = [
    {
      name: 'generated',
      label: `(a) generated, ${FIELDS} fields, ${generated.rules} rules, ${generated.conditions} conditions`,
      form: compiled(generated.definition, 'the generated form'),
      peers: peersOf(generated.definition),
      step: 0,
      typing: plan([...new Set(spread)], CHARS, 'abcdefghijklmnopqrstuvwxyz'),
    },
    {
      name: 'health',
      label: '(b) health-insurance booking, step 1 of 9',
      form: compiled(health, 'the health-insurance booking'),
      peers: peersOf(health),
      step: 0,
      typing: plan(['firstName', 'lastName'], CHARS, 'Alexandraolivia'),
    },
  ];
  return all.filter((c) => CASES.includes(c.name));
}

/** RJSF's own widget names (the antd theme fills them); Antrag's names map onto these for the plain page. */
const RJSF_WIDGETS = new Set([
  'text',
  'email',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'date',
  'updown',
  'range',
]);
const PLAIN_WIDGET: Record<string, string> = {
  switch: 'checkbox',
  agreement: 'checkbox',
  number: 'updown',
  currency: 'updown',
  rate: 'updown',
  tags: 'select',
  searchSelect: 'select',
  country: 'select',
  choiceButtons: 'radio',
  choiceSlider: 'radio',
  month: 'text',
};

/**
 * The schema for plain RJSF without Antrag's `errorMessage`s (ajv-errors): they gather a step's missing required
 * fields into one message at the root, which the engine moves to the fields (`placeErrors`) and plain RJSF cannot;
 * without them ajv's own errors land at their fields, as in a plain RJSF form.
 */
function withoutErrorMessages(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutErrorMessages);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'errorMessage')
      .map(([key, v]) => [key, withoutErrorMessages(v)]),
  );
}

/** The UI schema for plain RJSF: texts translated as the engine does, only widgets the antd theme has. */
function plainUiSchema(form: CompiledForm): Record<string, unknown> {
  const t = (key: string) => translate(key, 'en', undefined, form.texts);
  const out = localizeUiNode(form.uiSchema as Record<string, unknown>, t);
  for (const [name, node] of Object.entries(out)) {
    if (name.startsWith('ui:') || !node || typeof node !== 'object') continue;
    const copy = { ...(node as Record<string, unknown>) };
    const widget = copy['ui:widget'] as string | undefined;
    if (widget && !RJSF_WIDGETS.has(widget)) {
      if (PLAIN_WIDGET[widget]) copy['ui:widget'] = PLAIN_WIDGET[widget];
      else delete copy['ui:widget'];
    }
    delete copy['ui:field'];
    out[name] = copy;
  }
  return out;
}

/**
 * Vite plugin: the compiled forms as virtual modules (`virtual:bench-antrag`, `virtual:bench-plain`, …), the peers'
 * versions mapped from the same definitions (`virtual:bench-surveyjs`, `virtual:bench-jsonforms`).
 */
function benchData(cases: Case[]): Plugin {
  const runtime = join(ROOT, 'packages/core/src/validate/runtime.ts');
  const modules = new Map<string, string>();
  const antrag = cases.map(
    (c) =>
      `${JSON.stringify(c.name)}: { form: ${JSON.stringify(c.form)}, validators: () => import(${JSON.stringify(`virtual:bench-validators/${c.name}`)}) }`,
  );
  modules.set('virtual:bench-antrag', `export const cases = {\n${antrag.join(',\n')}\n};\n`);
  for (const c of cases) {
    modules.set(
      `virtual:bench-validators/${c.name}`,
      precompileValidators(c.form, { runtimeImport: runtime, checks: renderChecksOf(c.form) }),
    );
  }
  const plain = Object.fromEntries(
    cases.map((c) => [
      c.name,
      { schema: withoutErrorMessages(renderSchemaFor(c.form, c.step)) as JsonSchema, uiSchema: plainUiSchema(c.form) },
    ]),
  );
  modules.set('virtual:bench-plain', `export const cases = ${JSON.stringify(plain)};\n`);
  const bare = Object.fromEntries(cases.map((c) => [c.name, [...new Set(c.typing.map((t) => t.field))]]));
  modules.set('virtual:bench-bare', `export const fields = ${JSON.stringify(bare)};\n`);
  const mapped = cases.flatMap((c) => (typeof c.peers === 'string' ? [] : [[c.name, c.peers] as const]));
  const surveyjs = Object.fromEntries(mapped.map(([name, peers]) => [name, { json: peers.surveyjs }]));
  modules.set('virtual:bench-surveyjs', `export const cases = ${JSON.stringify(surveyjs)};\n`);
  const jsonforms = Object.fromEntries(mapped.map(([name, peers]) => [name, peers.jsonforms]));
  modules.set('virtual:bench-jsonforms', `export const cases = ${JSON.stringify(jsonforms)};\n`);
  return {
    name: 'antrag-bench-data',
    resolveId: (id) => (modules.has(id) ? `\0${id}` : undefined),
    load: (id) => (id.startsWith('\0') ? modules.get(id.slice(1)) : undefined),
  };
}

interface Measured {
  samples: number[];
  parts: ProbeResult['parts'];
  pageErrors: string[];
  renders?: number;
  /** Validation messages shown when the typing started (after the failed Next, unless --no-failed-next). */
  messages: number;
  /** The same a second after the last keystroke. */
  messagesAfter: number;
}

/** What this script reads of a CDP CPU profile. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per function of a CPU profile, longest first. */
function selfTimes(profile: CpuProfile): Array<{ name: string; ms: number }> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    totals.set(name, (totals.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

/** A trace event of Chromium's `devtools.timeline` category, as this script reads it. */
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts?: number;
  args?: { data?: { type?: string }; src_func?: string };
}

/**
 * Chrome's autofill looks at the whole form after each typed character, in a task of its own
 * (FormSubmissionTracker::FormControlDidChange; on the 300-field form 5–9 ms, for every engine: it reads every
 * control). Where that task runs before the keystroke's frame, the frame waits for it: how often, from a trace.
 */
function autofillSummary(onMain: TraceEvent[]): string {
  const tasks = onMain
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) >= 20)
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const from = (e: TraceEvent) => e.args?.src_func ?? '';
  const durations: number[] = [];
  let first = 0;
  tasks.forEach((task, i) => {
    if (!from(task).includes('FormControlDidChange')) return;
    durations.push((task.dur ?? 0) / 1000);
    // the input task that typed the character: the last one over a millisecond (a keyup is shorter)
    let k = i - 1;
    while (k >= 0 && !(from(tasks[k]).includes('PostTaskToMainThread') && (tasks[k].dur ?? 0) > 1000)) k--;
    if (!tasks.slice(k + 1, i).some((t) => from(t).includes('BeginMainFrame'))) first++;
  });
  if (durations.length === 0) return "Chrome's autofill: no task seen";
  const sorted = durations.sort((a, b) => a - b);
  return (
    `Chrome's autofill task after a typed character: ${sorted.length}, median ${sorted[sorted.length >> 1].toFixed(1)} ms; ` +
    `it ran before the keystroke's frame ${first} times (that frame waited for it)`
  );
}

/**
 * Where the renderer's main thread spent the typing, by the kind of work (from a Chromium trace): each
 * top-level task's time split into script (event handlers, timers, frame callbacks), style, layout, paint
 * and the rest, so a slow keystroke can be told apart as work of the page's script or of the browser's drawing.
 */
function traceSummary(events: TraceEvent[], keystrokes: number): string {
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const kinds: Record<string, string> = {
    TimerFire: 'script: timers',
    FireAnimationFrame: 'script: frame callbacks',
    FunctionCall: 'script: other',
    UpdateLayoutTree: 'style',
    Layout: 'layout',
    PrePaint: 'paint',
    Paint: 'paint',
    Layerize: 'paint',
    UpdateLayer: 'paint',
    MajorGC: 'garbage collection',
    MinorGC: 'garbage collection',
  };
  const totals = new Map<string, number>();
  let tasks = 0;
  for (const e of onMain) {
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') tasks += (e.dur ?? 0) / 1000;
    const kind = e.name === 'EventDispatch' ? `script: ${e.args?.data?.type ?? '?'} events` : kinds[e.name];
    if (kind) totals.set(kind, (totals.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
  }
  const lines = [...totals].sort((a, b) => b[1] - a[1]);
  return [
    `main thread busy ${tasks.toFixed(0)} ms in all, ${(tasks / keystrokes).toFixed(1)} ms a keystroke; by kind (nested work counts in each):`,
    ...lines.map(([k, v]) => `  ${(v / keystrokes).toFixed(2).padStart(7)} ms a keystroke  ${k}`),
    autofillSummary(onMain),
  ].join('\n');
}

/** One page load of one case and engine: warm up, type the case's text a keystroke at a time. */
async function measure(page: Page, url: string, c: Case, engine: Engine, cdp?: CDPSession): Promise<Measured> {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(url);
  try {
    await page.waitForFunction(() => window.benchReady || window.benchError, undefined, { timeout: 120_000 });
  } catch (e) {
    throw new Error(`${url} did not render: ${pageErrors.join('; ') || String(e)}`);
  }
  const error = await page.evaluate(() => window.benchError);
  if (error) throw new Error(`${url}: ${error}`);
  const on = ENGINE_PAGES[engine];
  const input = (field: string) => page.locator(on.input(field)).first();
  await input(c.typing[0].field).waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(500); // effects and lazy styles after the first render
  const frame = () =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  if (FAILED_NEXT && on.next) {
    // the step's messages show, and from now on the engine checks fields again as they change (Antrag: as typing
    // pauses and on leaving a box); the wait lets its scroll to the first failing field end
    await page.locator(on.next).first().click();
    await frame();
    await page.waitForTimeout(1000);
  }
  const messages = on.message ? await page.locator(on.message).count() : 0;

  const typeText = async (text: string) => {
    for (const ch of text) {
      await page.keyboard.type(ch);
      await page.evaluate(() => window.benchProbe?.settle());
      await page.waitForTimeout(GAP_MS);
    }
  };
  await input(c.typing[0].field).click();
  await typeText('xxxxx'.slice(0, WARMUP));
  await page.waitForTimeout(200);
  await page.evaluate(() => window.benchProbe?.reset());
  if (PROFILE && cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  if (TRACE && browser)
    await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', '__metadata'] });
  for (const { field, text } of c.typing) {
    await input(field).click();
    // the click's own work is not a keystroke's: its frame is drawn, and the field's focus transition (antd's
    // 0.2 s, drawing a frame every 16.7 ms) has ended, as it has when a hand gets from the mouse to the keys
    await frame();
    await page.waitForTimeout(CLICK_PAUSE_MS);
    await typeText(text);
  }
  if (TRACE && browser) {
    const raw = await browser.stopTracing();
    if (process.env.TRACE_FILE) writeFileSync(process.env.TRACE_FILE, raw);
    const trace = JSON.parse(raw.toString()) as { traceEvents: TraceEvent[] };
    console.log(`\ntrace of ${url} while typing:\n${traceSummary(trace.traceEvents, CHARS)}`);
  }
  const renders = await page.evaluate(() => window.benchRenders);
  // the messages once typing has paused: fewer than before where the engine checked the typed fields again
  await page.waitForTimeout(1000);
  const messagesAfter = on.message ? await page.locator(on.message).count() : 0;
  if (PROFILE && cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const top = selfTimes(profile).slice(0, 25);
    console.log(`\nCPU profile of ${url} while typing (self time, top 25):`);
    for (const t of top) console.log(`  ${t.ms.toFixed(1).padStart(8)} ms  ${t.name}`);
  }
  const result = (await page.evaluate(() => window.benchProbe?.result())) as ProbeResult;
  return { ...result, pageErrors, renders, messages, messagesAfter };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

interface Row {
  case: string;
  engine: Engine;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  keystrokes: number;
  /** Validation messages shown when the typing started and a second after it ended, per page load (see Measured). */
  messages: number;
  messagesAfter: number;
  /** Widget renders a keystroke (with --profile). */
  renders?: number;
  samples: number[];
  /** Medians of the keystrokes' parts (see ProbeResult). */
  parts: { queued: number; toFrame: number; drawn: number };
  /** Each keystroke's parts, in the order of `samples`. */
  sampleParts: ProbeResult['parts'];
  pageErrors: string[];
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  return [fmt(rows[0]), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(fmt)].join('\n');
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : `${v.toFixed(1)} ms`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The engines measured for a case: the peers only where its form maps onto them. */
function enginesFor(c: Case): Engine[] {
  return ENGINES.filter((e) => typeof c.peers !== 'string' || e === 'plain' || !PEERS.includes(e));
}

async function main(): Promise<void> {
  const cpu = cpus();
  console.log(
    `Antrag input-latency benchmark: ${CHARS} keystrokes a case, ${RUNS} run${RUNS > 1 ? 's' : ''}, CPU throttling ${THROTTLE}×, ` +
      (FAILED_NEXT
        ? "typing after a failed Next (the step's Next pressed once on the empty form)"
        : 'typing into the untouched form (--no-failed-next)'),
  );
  console.log(
    `machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `${platform()}, Node ${process.version}, ${CHROMIUM}`,
  );
  const loadBefore = load();
  console.log(`load average at the start: ${loadBefore}`);
  const cases = prepareCases();
  const outDir = mkdtempSync(join(tmpdir(), 'antrag-latency-'));
  let server: Server | undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      // frames drawn as soon as they are ready instead of on the 60 Hz clock: the wait for the next frame is
      // left out, what remains is the page's work and the drawing
      ...(UNTHROTTLED ? ['--disable-gpu-vsync', '--disable-frame-rate-limit'] : []),
    ],
  });
  try {
    const started = performance.now();
    const pages = [...new Set(cases.flatMap(enginesFor))];
    await build({
      configFile: false,
      root: PAGES,
      logLevel: 'warn',
      plugins: [react(), benchData(cases)],
      // the engine resolved as the web app's build does (the workspace packages from their sources)
      resolve: appResolve,
      build: {
        outDir,
        emptyOutDir: true,
        chunkSizeWarningLimit: 100_000,
        // readable function names in the profile
        minify: !PROFILE,
        rollupOptions: { input: Object.fromEntries(pages.map((e) => [e, join(PAGES, `${e}.html`)])) },
      },
    });
    console.log(`bench pages built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    const served = await serveStatic(outDir);
    server = served.server;

    const rows: Row[] = [];
    for (const c of cases) {
      for (const engine of enginesFor(c)) {
        const pooled: Measured = { samples: [], parts: [], pageErrors: [], messages: 0, messagesAfter: 0 };
        for (let run = 0; run < RUNS; run++) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
          const page = await context.newPage();
          const cdp = THROTTLE > 1 || PROFILE ? await context.newCDPSession(page) : undefined;
          if (THROTTLE > 1) await cdp?.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
          const query = `case=${c.name}${PROFILE ? '&count' : ''}${engine === 'surveyjs' ? `&textUpdate=${SURVEY_TEXT_UPDATE}` : ''}`;
          const m = await measure(page, `${served.base}/${engine}.html?${query}`, c, engine, cdp);
          await context.close();
          pooled.samples.push(...m.samples);
          pooled.parts.push(...m.parts);
          pooled.messages += m.messages / RUNS;
          pooled.messagesAfter += m.messagesAfter / RUNS;
          if (m.renders !== undefined) pooled.renders = (pooled.renders ?? 0) + m.renders;
          pooled.pageErrors.push(...m.pageErrors);
        }
        const sorted = [...pooled.samples].sort((a, b) => a - b);
        rows.push({
          case: c.name,
          engine,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? Number.NaN,
          keystrokes: sorted.length,
          messages: pooled.messages,
          messagesAfter: pooled.messagesAfter,
          renders: pooled.renders === undefined ? undefined : pooled.renders / sorted.length,
          samples: pooled.samples,
          sampleParts: pooled.parts,
          parts: {
            queued: median(pooled.parts.map((p) => p.queued)),
            toFrame: median(pooled.parts.map((p) => p.toFrame)),
            drawn: median(pooled.parts.map((p) => p.drawn)),
          },
          pageErrors: pooled.pageErrors,
        });
        console.log(`  measured ${c.name} / ${engine}`);
      }
    }

    const loadAfter = load();
    console.log(`\nload average at the end: ${loadAfter}`);
    console.log(
      `\n${cases.map((c) => `${c.name}: ${c.label}; typed into ${c.typing.map((t) => t.field).join(', ')}`).join('\n')}\n`,
    );
    console.log(
      table([
        [
          'case',
          'engine',
          'p50',
          'p95',
          'p99',
          'max',
          'keystrokes',
          'messages before → after',
          ...(PROFILE ? ['widget renders a keystroke'] : []),
        ],
        ...rows.map((r) => [
          r.case,
          r.engine,
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          ms(r.max),
          String(r.keystrokes),
          ENGINE_PAGES[r.engine].message ? `${Math.round(r.messages)} → ${Math.round(r.messagesAfter)}` : '–',
          ...(PROFILE ? [r.renders === undefined ? '–' : r.renders.toFixed(1)] : []),
        ]),
      ]),
    );
    console.log(
      `(messages: the validation messages on the page when the typing started${FAILED_NEXT ? ', after the failed Next' : ''}, ` +
        'and a second after the last keystroke: fewer where the engine checked the typed fields again)',
    );

    console.log(
      '\nwhere a keystroke goes (medians): keydown until the page handles it / until the next frame starts / until it is drawn',
    );
    for (const r of rows) {
      console.log(`  ${r.case} / ${r.engine}: ${ms(r.parts.queued)} / ${ms(r.parts.toFrame)} / ${ms(r.parts.drawn)}`);
    }
    console.log(`\nsummary (load average ${loadBefore} at the start, ${loadAfter} at the end):`);
    for (const c of cases) {
      const antrag = rows.find((r) => r.case === c.name && r.engine === 'antrag');
      for (const r of rows.filter((row) => row.case === c.name)) {
        const ratio = antrag && r !== antrag ? r.p95 / antrag.p95 : undefined;
        const verdict =
          ratio !== undefined && c.name === 'generated' && PEERS.includes(r.engine)
            ? ` (target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'})`
            : '';
        console.log(
          `  ${c.name} / ${r.engine.padEnd(9)} p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}` +
            (ratio === undefined ? '' : `; p95 ÷ Antrag's p95 = ${ratio.toFixed(2)}×${verdict}`),
        );
      }
      if (antrag && c.name === 'generated') {
        const met = antrag.p95 < TARGET_P95_MS;
        console.log(
          `  generated: Antrag p95 ${ms(antrag.p95)} (target < ${TARGET_P95_MS} ms without throttling` +
            `${FAILED_NEXT ? ', after a failed Next' : ''}: ` +
            `${THROTTLE > 1 ? `not applicable at ${THROTTLE}× throttling` : met ? 'met' : 'MISSED'})`,
        );
      }
    }
    for (const c of cases) {
      if (typeof c.peers === 'string') {
        if (ENGINES.some((e) => e !== 'plain' && PEERS.includes(e)))
          console.log(`\nnote: ${c.name} has no SurveyJS or JSON Forms row: ${c.peers}`);
        continue;
      }
      for (const peer of ['surveyjs', 'jsonforms'] as const) {
        if (!ENGINES.includes(peer)) continue;
        console.log(`\n${c.name} / ${peer}: not mapped as Antrag does it —\n  ${c.peers.unmapped[peer].join('\n  ')}`);
      }
      if (ENGINES.includes('surveyjs'))
        console.log(`  (SurveyJS textUpdateMode: ${SURVEY_TEXT_UPDATE}; --survey-text-update onBlur for its default)`);
    }
    for (const r of rows) {
      if (r.keystrokes !== CHARS * RUNS)
        console.log(`note: ${r.case}/${r.engine} recorded ${r.keystrokes} of ${CHARS * RUNS} keystrokes`);
      if (r.pageErrors.length)
        console.log(`note: ${r.case}/${r.engine} page errors: ${[...new Set(r.pageErrors)].join('; ')}`);
    }
    if (JSON_OUT) {
      writeFileSync(
        JSON_OUT,
        JSON.stringify(
          {
            date: new Date().toISOString(),
            throttle: THROTTLE,
            runs: RUNS,
            chars: CHARS,
            failedNext: FAILED_NEXT,
            load: { start: loadBefore, end: loadAfter },
            rows,
          },
          null,
          2,
        ),
      );
    }
  } finally {
    await browser.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
