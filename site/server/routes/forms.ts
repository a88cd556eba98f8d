import type { CompiledForm } from '@antrag/core/compile/types';
import { precompileValidators } from '@antrag/core/validate';
import { renderChecksOf } from '@antrag/react/render-checks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { servedModule } from '../forms/artifacts.js';
import type { FormRegistry } from '../forms/registry.js';
import type { FormStore } from '../forms/store.js';

/**
 * Where the browser finds the validation runtime the precompiled modules import. The web app's
 * build publishes it there; a deployment may point elsewhere with VALIDATION_RUNTIME_URL. Beside it,
 * `…-phone.js` adds the phone-number checks, imported only by the modules of forms that check a phone number.
 */
export const DEFAULT_RUNTIME_URL = '/assets/validation-runtime.js';

/** The runtime with the phone-number checks, beside `runtimeUrl`. */
export const phoneRuntimeUrl = (runtimeUrl: string) => runtimeUrl.replace(/(\.js)?$/, '-phone.js');

/**
 * Compiled forms for the browser: GET /api/forms/{id} (the compiled form) and
 * GET /api/forms/{id}/validators.js (its step validators as a standalone ES module), and
 * GET /api/forms/{id}/validators/{step}.js (one step's, so a page loads a step's validators as it shows). Forms defined in
 * the content service are compiled here too, so even they need no `eval` in the browser. The query
 * selects a variant by the form's options (`?mobile=true`); options not named keep their defaults, and
 * an option the form does not declare is refused with 400.
 */
export function registerFormRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  registry: FormRegistry,
  runtimeUrl = DEFAULT_RUNTIME_URL,
  store?: FormStore,
) {
  const modules = new WeakMap<CompiledForm, Map<number | 'all', string>>();
  /** Stored modules by the variant they belong to, for versions of the store. */
  const storedModules = new WeakMap<CompiledForm, Record<string, string>>();
  type FormRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string> }>;
  /**
   * The variant the query asks for, of the version it names (`version=n`) or the one served now. Sends the
   * answer itself (404 no such form or version, 410 a version past its grace time, 400 a bad option) otherwise.
   */
  const variantOf = async (
    request: FormRequest,
    reply: FastifyReply,
    query: Record<string, string> = request.query,
    /**
     * Validators of a retired version are still served: a page open on it checks its next step with them, and its
     * submission then gets 409, on which the engine moves the applicant to the current version, answers kept.
     */
    evenRetired = false,
  ): Promise<CompiledForm | undefined> => {
    const { version, ...options } = query;
    const id = request.params.id;
    let source = registry;
    if (version !== undefined && store && Number(version) !== registry.versionOf.get(id)) {
      if (!/^[1-9]\d{0,8}$/.test(version)) {
        reply
          .code(400)
          .send({ ok: false, message: `'${version.slice(0, 20)}' is not a version: a whole number from 1` });
        return undefined;
      }
      const found = await store.version(id, Number(version), { evenRetired });
      if (found === 'retired') {
        reply.code(410).send({ ok: false, code: 'form-version-retired', message: retiredMessage(id, version) });
        return undefined;
      }
      if (!found) {
        reply.code(404).send({ ok: false, message: `The form '${id}' has no version ${version}` });
        return undefined;
      }
      source = found.registry;
      rememberModules(found.registry, found.artifacts.modules);
    }
    const found = source.variant(id, { ...options });
    if (!found) reply.code(404).send({ ok: false, message: `No form '${id}'` });
    else if ('error' in found) reply.code(400).send({ ok: false, message: found.error });
    else return found.form;
    return undefined;
  };
  const rememberModules = (from: FormRegistry, byVariant: Record<string, Record<string, string>>) => {
    for (const variants of from.variants.values()) {
      for (const [key, form] of variants)
        if (byVariant[key] && !storedModules.has(form)) storedModules.set(form, byVariant[key]);
    }
  };
  if (store) {
    // the current versions' stored modules, as the store loads them
    store.onLoaded = (loaded) => rememberModules(loaded.registry, loaded.artifacts.modules);
  }
  // an older version is read from the database when asked for: those requests count against a limit per address
  const versionLimit = app.rateLimit({ max: ctx.config.rateLimits.contentPerMinute, timeWindow: '1 minute' });
  const limited = {
    preHandler: async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if ((request.query as Record<string, unknown>).version !== undefined)
        await versionLimit.call(this, request, reply);
    },
  };
  app.get('/api/forms/:id', limited, async (request: FormRequest, reply) => {
    const form = await variantOf(request, reply);
    if (!form) return reply;
    reply.header('Cache-Control', 'no-cache');
    return form;
  });
  /** The module of a variant's steps (`step` undefined: all of them): stored at publish, else generated once. */
  const moduleOf = (form: CompiledForm, step?: number): string => {
    const stored = storedModules.get(form)?.[step === undefined ? 'all' : String(step)];
    if (stored !== undefined) return servedModule(stored, runtimeUrl, phoneRuntimeUrl(runtimeUrl));
    let byStep = modules.get(form);
    if (!byStep) {
      byStep = new Map();
      modules.set(form, byStep);
    }
    let code = byStep.get(step ?? 'all');
    if (!code) {
      code = precompileValidators(form, {
        runtimeImport: runtimeUrl,
        phoneRuntimeImport: phoneRuntimeUrl(runtimeUrl),
        bundle: true,
        step,
        checks: renderChecksOf(form, step),
      });
      byStep.set(step ?? 'all', code);
    }
    return code;
  };
  // the module says which version of the form it checks: a page that got the form and its first step's validators
  // on either side of a publish loads them again
  const sendModule = (reply: FastifyReply, code: string, form: CompiledForm) =>
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(`${code}\nexport const formVersion = ${JSON.stringify(form.version)};\n`);
  app.get('/api/forms/:id/validators.js', limited, async (request: FormRequest, reply) => {
    const form = await variantOf(request, reply, request.query, true);
    if (!form) return reply;
    return sendModule(reply, moduleOf(form), form);
  });
  // one step's validators, which the browser loads as the step is about to show; `retry` (the count of failed
  // loads) only makes another address, since older browsers keep a failed module import for the page's life
  type StepRequest = FastifyRequest<{ Params: { id: string; file: string }; Querystring: Record<string, string> }>;
  app.get('/api/forms/:id/validators/:file', limited, async (request: StepRequest, reply) => {
    const { retry: _retry, ...options } = request.query;
    const form = await variantOf(request, reply, options, true);
    if (!form) return reply;
    const step = /^(0|[1-9]\d{0,3})\.js$/.exec(request.params.file)?.[1];
    if (step === undefined || Number(step) >= form.stepSchemas.length) {
      const count = form.stepSchemas.length;
      const message = `The form '${form.id}' has no step validators '${request.params.file}' (its steps: 0.js to ${count - 1}.js)`;
      return reply.code(404).send({ ok: false, message });
    }
    return sendModule(reply, moduleOf(form, Number(step)), form);
  });
}

/** Why an old version is no longer served. */
export function retiredMessage(id: string, version: string | number): string {
  return `Version ${version} of the form '${id}' has been replaced and is no longer accepted; load the current version.`;
}

/** A form id as routes take it: the DSL's pattern, at most 100 characters. */
export const FORM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The header that names the published version a submission was made on (issue 17). */
export const FORM_VERSION_HEADER = 'x-form-version';

/** A refusal of a named version, as the submission routes answer it. */
export interface VersionRefusal {
  status: number;
  body: { status: false; ok: false; message: string; code?: string };
}

/**
 * The registry of the version of form `id` a submission names in `X-Form-Version`: the served one when it names
 * that version or none, an older one within its grace time, else a refusal (409 past its grace time or withdrawn,
 * 400 not a version number or one the form never had).
 */
export async function namedVersion(
  store: FormStore | undefined,
  registry: FormRegistry,
  id: string,
  header: string | string[] | undefined,
): Promise<{ registry: FormRegistry; version?: number } | VersionRefusal> {
  const text = Array.isArray(header) ? header[0] : header;
  const current = registry.versionOf.get(id);
  if (text === undefined || !store || current === undefined || text === String(current)) {
    return { registry, version: current };
  }
  const refuse = (status: number, message: string, code?: string): VersionRefusal => ({
    status,
    body: { status: false, ok: false, message, ...(code ? { code } : {}) },
  });
  if (!/^[1-9]\d{0,8}$/.test(text)) return refuse(400, `${FORM_VERSION_HEADER} must be a version number`);
  const older = await store.version(id, Number(text));
  if (older === 'retired') return refuse(409, retiredMessage(id, text), 'form-version-retired');
  if (!older) return refuse(400, `The form '${id}' has no version ${text}`);
  return { registry: older.registry, version: older.version };
}
