/**
 * @module lazy-schema-compilers — Fastify's own schema compilers (Ajv for requests,
 * fast-json-stringify for responses), each route's compiled on its first request and once per
 * schema object, instead of every route's at start.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type ValidatorBuilder = NonNullable<CompilersFactory['buildValidator']>;
type SerializerBuilder = NonNullable<CompilersFactory['buildSerializer']>;

/** A compiled Ajv validator as Fastify calls it: it reads `errors` off the function after a failure. */
type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown };

/**
 * Compiling ~150 route schemas was 0.2–0.65 s of the provider's start (issue 18), most of it for
 * routes a deployment rarely or never calls (passkeys, wallets, TOTP, the dev issuer). Each
 * compiled function is the one Fastify would have built, from the same compiler, options and
 * shared schemas, so what is accepted and what is written are unchanged; a route pays its
 * compilation (milliseconds) on its first request. Serializers are also shared between routes
 * that answer with the same schema object.
 */
export function lazySchemaCompilers(): CompilersFactory {
  const buildValidator = AjvCompiler() as unknown as ValidatorBuilder;
  const buildSerializer = SerializerSelector() as unknown as SerializerBuilder;
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = buildValidator(externalSchemas, options);
      return (route) => {
        let compiled: Validate | undefined;
        const validate: Validate = (data, context) => {
          compiled ??= compile(route) as Validate;
          const result = compiled(data, context);
          validate.errors = compiled.errors;
          return result;
        };
        return validate as ReturnType<typeof compile>;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = buildSerializer(externalSchemas, options);
      const bySchema = new WeakMap<object, (data: unknown) => string>();
      return (route) => {
        let compiled: ((data: unknown) => string) | undefined;
        return (data: unknown) => {
          if (compiled === undefined) {
            const schema = route.schema as object;
            compiled = bySchema.get(schema) ?? (compile(route) as (data: unknown) => string);
            bySchema.set(schema, compiled);
          }
          return compiled(data);
        };
      };
    },
  };
}
