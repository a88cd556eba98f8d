import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CompiledForm } from '../../../renderer/core/compile/types.js';
import { precompileValidators } from '../../../renderer/core/validate/index.js';
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
 * GET /api/forms/{id}/validators.js (its step validators as a standalone ES module). Forms defined in
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
  const modules = new Map<CompiledForm, string>();
  type FormRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string> }>;
  const variantOf = (request: FormRequest, reply: FastifyReply): CompiledForm | undefined => {
    const found = registry.variant(request.params.id, { ...request.query });
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
  app.get('/api/forms/:id/validators.js', async (request: FormRequest, reply) => {
    const form = variantOf(request, reply);
    if (!form) return reply;
    let code = modules.get(form);
    if (!code) {
      code = precompileValidators(form, {
        runtimeImport: runtimeUrl,
        phoneRuntimeImport: phoneRuntimeUrl(runtimeUrl),
        bundle: true,
      });
      modules.set(form, code);
    }
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache');
    return code;
  });
}
