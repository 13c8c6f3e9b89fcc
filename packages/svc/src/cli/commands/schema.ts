// `svc schema`: the JSON Schema (draft 2020-12) of the execution payload, generated from the same rule tables as the
// validator (contracts/schema.ts), for agents that build payloads. Validation stays the validator's job: the schema
// cannot express every cross-field rule (unique action ids, alias collisions).
import type { Command } from 'commander';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';
import { writeJson } from '../output.ts';

export function registerSchema(program: Command): void {
  examples(
    program
      .command('schema')
      .description('print the JSON Schema of the execution payload')
      .action(
        safeAction(async () => {
          const { executionJsonSchema } = await import('../../contracts/schema.ts');
          writeJson(executionJsonSchema());
          return 0;
        }),
      ),
    ['svc schema > execution.schema.json'],
  );
}
