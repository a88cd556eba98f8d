import type { FastifyInstance } from 'fastify';
import { precompileValidators } from '../../../renderer/core/validate/index.js';
import type { ServerContext } from '../context.js';
import type { FormRegistry } from '../forms/registry.js';

/**
 * Where the browser finds the validation runtime the precompiled modules import. The web app's
 * build publishes it there; a deployment may point elsewhere with VALIDATION_RUNTIME_URL.
 */
export const DEFAULT_RUNTIME_URL = '/assets/validation-runtime.js';

/**
 * Compiled forms for the browser: GET /api/forms/{id} (the compiled form) and
 * GET /api/forms/{id}/validators.js (its step validators as a standalone ES module). Forms defined in
 * the content service are compiled here too, so even they need no `eval` in the browser.
 */
export function registerFormRoutes(
  app: FastifyInstance,
  _ctx: ServerContext,
  registry: FormRegistry,
  runtimeUrl = DEFAULT_RUNTIME_URL,
) {
  const modules = new Map<string, string>();
  app.get<{ Params: { id: string } }>('/api/forms/:id', async (request, reply) => {
    const form = registry.forms.get(request.params.id);
    if (!form) return reply.code(404).send({ ok: false, message: `No form '${request.params.id}'` });
    reply.header('Cache-Control', 'no-cache');
    return form;
  });
  app.get<{ Params: { id: string } }>('/api/forms/:id/validators.js', async (request, reply) => {
    const form = registry.forms.get(request.params.id);
    if (!form) return reply.code(404).send({ ok: false, message: `No form '${request.params.id}'` });
    let code = modules.get(form.id);
    if (!code) {
      code = precompileValidators(form, { runtimeImport: runtimeUrl, bundle: true });
      modules.set(form.id, code);
    }
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache');
    return code;
  });
}
