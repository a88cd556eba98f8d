import type { CompiledForm } from '@antrag/core/compile/types';
import { precompileValidators } from '@antrag/core/validate';
import { renderChecksOf } from '@antrag/react/render-checks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { FormRegistry } from '../forms/registry.js';

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
  _ctx: ServerContext,
  registry: FormRegistry,
  runtimeUrl = DEFAULT_RUNTIME_URL,
) {
  const modules = new Map<CompiledForm, Map<number | 'all', string>>();
  type FormRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string> }>;
  const variantOf = (
    request: FormRequest,
    reply: FastifyReply,
    options: Record<string, string> = request.query,
  ): CompiledForm | undefined => {
    const found = registry.variant(request.params.id, { ...options });
    if (!found) reply.code(404).send({ ok: false, message: `No form '${request.params.id}'` });
    else if ('error' in found) reply.code(400).send({ ok: false, message: found.error });
    else return found.form;
    return undefined;
  };
  app.get('/api/forms/:id', async (request: FormRequest, reply) => {
    const form = variantOf(request, reply);
    if (!form) return reply;
    reply.header('Cache-Control', 'no-cache');
    return form;
  });
  /** The module of a variant's steps (`step` undefined: all of them), generated once. */
  const moduleOf = (form: CompiledForm, step?: number): string => {
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
  const sendModule = (reply: FastifyReply, code: string) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(code);
  app.get('/api/forms/:id/validators.js', async (request: FormRequest, reply) => {
    const form = variantOf(request, reply);
    if (!form) return reply;
    return sendModule(reply, moduleOf(form));
  });
  // one step's validators, which the browser loads as the step is about to show; `retry` (the count of failed
  // loads) only makes another address, since older browsers keep a failed module import for the page's life
  type StepRequest = FastifyRequest<{ Params: { id: string; file: string }; Querystring: Record<string, string> }>;
  app.get('/api/forms/:id/validators/:file', async (request: StepRequest, reply) => {
    const { retry: _retry, ...options } = request.query;
    const form = variantOf(request, reply, options);
    if (!form) return reply;
    const step = /^(0|[1-9]\d{0,3})\.js$/.exec(request.params.file)?.[1];
    if (step === undefined || Number(step) >= form.stepSchemas.length) {
      const count = form.stepSchemas.length;
      const message = `The form '${form.id}' has no step validators '${request.params.file}' (its steps: 0.js to ${count - 1}.js)`;
      return reply.code(404).send({ ok: false, message });
    }
    return sendModule(reply, moduleOf(form, Number(step)));
  });
}
