/** Issue 18: schemas compile on a route's first request, with the same results as Fastify's eager compilers. */
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { CompiledSchemas, lazySchemaCompilers } from './lazy-schema-compilers.js';

const AJV = { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } } as const;

const Body = Type.Object({
  email: Type.String({ format: 'email' }),
  count: Type.Optional(Type.Integer({ minimum: 1 })),
  name: Type.Optional(Type.Object({ first_name: Type.String() })),
});
const Answer = Type.Object({
  data: Type.Object({
    request_id: Type.String(),
    status_code: Type.Integer(),
    note: Type.Union([Type.String(), Type.Null()]),
    when: Type.String(),
    list: Type.Array(Type.Object({ id: Type.String() })),
  }),
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** The same two routes on Fastify's default compilers or on the lazy ones. */
async function appWith(
  lazy: boolean,
  compiled = new CompiledSchemas(),
  ajv: { customOptions: object } = AJV,
) {
  const app = Fastify({
    ajv,
    ...(lazy ? { schemaController: { compilersFactory: lazySchemaCompilers(compiled) } } : {}),
  });
  apps.push(app);
  app.setErrorHandler((error, _request, reply) => {
    const { validation, message } = error as { validation?: unknown; message: string };
    reply.code(validation ? 400 : 500).send({ validation: validation ?? null, message });
  });
  const handler = async (request: { body: unknown }) => ({
    data: {
      request_id: 'request-id-test-1',
      status_code: 200,
      note: null,
      when: new Date(Date.UTC(2026, 10, 27)),
      list: [{ id: 'a', secret: 'never sent' }],
      extra: 'outside the schema',
      echo: request.body,
    },
  });
  for (const url of ['/one', '/two'])
    app.post(url, { schema: { body: Body, response: { 200: Answer } } }, handler);
  await app.ready();
  return app;
}

const bodies = [
  { email: 'ada@example.com' },
  { email: 'ada@example.com', count: 2, name: { first_name: 'Ada' } },
  { email: 'not an email', count: '2', name: {} },
  { count: 0 },
  {},
];

describe('lazySchemaCompilers', () => {
  it('answers byte for byte as the eager compilers do, accepted and refused, on every route', async () => {
    const eager = await appWith(false);
    const lazy = await appWith(true);
    for (const url of ['/one', '/two', '/one']) {
      for (const payload of bodies) {
        const [expected, actual] = await Promise.all(
          [eager, lazy].map((app) => app.inject({ method: 'POST', url, payload })),
        );
        expect(actual.statusCode).toBe(expected.statusCode);
        expect(actual.body).toBe(expected.body);
      }
    }
    const ok = await lazy.inject({ method: 'POST', url: '/two', payload: bodies[0] });
    expect(ok.body).not.toMatch(/outside the schema|never sent|echo/);
    expect(ok.json()).toMatchObject({ data: { when: '2026-11-27T00:00:00.000Z', note: null } });
  });

  it('compiles nothing at start: a route whose schema cannot compile fails on its own call, not ready()', async () => {
    const Broken = Type.Object({ data: Type.Unsafe({ $ref: 'nowhere#' }) });
    const build = (lazy: boolean) => {
      const app = Fastify({
        ajv: AJV,
        ...(lazy ? { schemaController: { compilersFactory: lazySchemaCompilers() } } : {}),
      });
      apps.push(app);
      app.get('/fine', async () => 'fine');
      app.get('/broken', { schema: { response: { 200: Broken } } }, async () => ({ data: 1 }));
      return app;
    };
    await expect(build(false).ready()).rejects.toThrow();
    const lazy = build(true);
    await lazy.ready();
    expect((await lazy.inject({ method: 'GET', url: '/fine' })).statusCode).toBe(200);
    expect((await lazy.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
  });

  it('compiles a schema once for every app in the process with the same settings, and again for other settings', async () => {
    const compiled = new CompiledSchemas();
    const [first, second] = [await appWith(true, compiled), await appWith(true, compiled)];
    for (const app of [first, second, first])
      for (const url of ['/one', '/two']) {
        const answer = await app.inject({ method: 'POST', url, payload: bodies[1] });
        expect(answer.statusCode, answer.body).toBe(200);
      }
    // One request validator (Body) and one serializer (Answer), shared by both routes of both apps.
    expect(compiled.compilations).toBe(2);

    const refused = await second.inject({ method: 'POST', url: '/two', payload: bodies[2] });
    expect(refused.statusCode).toBe(400);

    // Ajv options that accept other input must not reuse what the first settings compiled.
    const coercing = await appWith(true, compiled, {
      customOptions: { ...AJV.customOptions, coerceTypes: true },
    });
    const coerced = await coercing.inject({
      method: 'POST',
      url: '/one',
      payload: { email: 'ada@example.com', count: '2' },
    });
    expect(coerced.statusCode, coerced.body).toBe(200);
    expect(compiled.compilations).toBe(3);
  });
});
