/**
 * @module lazy-schema-compilers — Fastify's own schema compilers (Ajv for requests,
 * fast-json-stringify for responses), each route's compiled on its first request and once per
 * schema object in the process, instead of every route's at start of every app.
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
type Serialize = (data: unknown) => string;

/**
 * What a process has compiled, by compiler settings (the external schemas and options, keyed as
 * Fastify's own Ajv pool keys them) and then by schema object. Every app built in the process
 * shares it: the test suite builds one app per file from the same route schemas, and compiling
 * them again for each was 7 % of the provider tests' CPU (issue 18).
 */
export class CompiledSchemas {
  readonly #bySettings = new Map<string, WeakMap<object, Validate | Serialize>>();
  #compilations = 0;

  /** How many schemas were compiled rather than found. */
  get compilations(): number {
    return this.#compilations;
  }

  /** The function compiled for `schema` under `settings` (a settingsKey), compiling it on first use. */
  get<T extends Validate | Serialize>(settings: string, schema: object, compile: () => T): T {
    let bySchema = this.#bySettings.get(settings);
    if (bySchema === undefined) {
      bySchema = new WeakMap();
      this.#bySettings.set(settings, bySchema);
    }
    let found = bySchema.get(schema) as T | undefined;
    if (found === undefined) {
      found = compile();
      this.#compilations += 1;
      bySchema.set(schema, found);
    }
    return found;
  }
}

/** What a compiled function depends on besides its schema, as one string. */
const settingsKey = (kind: 'validator' | 'serializer', externalSchemas: unknown, options: unknown) =>
  `${kind}${JSON.stringify(externalSchemas)}${JSON.stringify(options)}`;

const processCompiledSchemas = new CompiledSchemas();
// Fastify's own builders, once per process: the Ajv one pools its Ajv instances by settings, so
// an app built after the first reuses one instead of making another (with its formats) to compile
// schemas the process has already compiled.
const buildValidator = AjvCompiler() as unknown as ValidatorBuilder;
const buildSerializer = SerializerSelector() as unknown as SerializerBuilder;

/**
 * Compiling ~150 route schemas was 0.2–0.65 s of the provider's start (issue 18), most of it for
 * routes a deployment rarely or never calls (passkeys, wallets, TOTP, the dev issuer). Each
 * compiled function is the one Fastify would have built, from the same compiler, options and
 * shared schemas, so what is accepted and what is written are unchanged; a route pays its
 * compilation (milliseconds) on its first request, unless a route of any app in the process has
 * already compiled the same schema object with the same settings.
 */
export function lazySchemaCompilers(compiled: CompiledSchemas = processCompiledSchemas): CompilersFactory {
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = buildValidator(externalSchemas, options);
      const settings = settingsKey('validator', externalSchemas, options?.customOptions);
      return (route) => {
        let compiledValidate: Validate | undefined;
        const validate: Validate = (data, context) => {
          compiledValidate ??= compiled.get(
            settings,
            route.schema as object,
            () => compile(route) as Validate,
          );
          const result = compiledValidate(data, context);
          validate.errors = compiledValidate.errors;
          return result;
        };
        return validate as ReturnType<typeof compile>;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = buildSerializer(externalSchemas, options);
      const settings = settingsKey('serializer', externalSchemas, options);
      return (route) => {
        let compiledSerialize: Serialize | undefined;
        return (data: unknown) => {
          compiledSerialize ??= compiled.get(
            settings,
            route.schema as object,
            () => compile(route) as Serialize,
          );
          return compiledSerialize(data);
        };
      };
    },
  };
}
