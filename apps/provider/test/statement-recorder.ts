import { type KyselyPlugin, PostgresQueryCompiler } from 'kysely';

/**
 * Records the SQL of every statement the app runs while `recording` is set: a test that two
 * requests do the same work compares these, which holds however loaded the machine is.
 */
export function statementRecorder() {
  const compiler = new PostgresQueryCompiler();
  const state = { recording: false, statements: [] as string[] };
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (state.recording) state.statements.push(compiler.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, state };
}
