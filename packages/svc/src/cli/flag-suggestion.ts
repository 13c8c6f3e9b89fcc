// A mistyped flag gets a did-you-mean. Commander suggests among the options its help shows; the spellings it hides
// (`--timeout`, beside `--timeout-ms`; the aliases) are flags a user types too, so a flag it found nothing for is
// compared here with every long option of the program and of the command named in argv, hidden ones included.
import type { Command } from 'commander';

/** Letters that may differ, per letter of the longer flag, for a flag to count as mistyped. */
const TYPO_RATIO = 0.34;

/** The long options of `program` and of each command argv names (its words that name subcommands). */
function longOptions(program: Command, argv: readonly string[]): string[] {
  const flags = program.options.map((option) => option.long ?? '');
  let command = program;
  for (const word of argv) {
    const next = command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
    if (next === undefined) continue;
    command = next;
    flags.push(...command.options.map((option) => option.long ?? ''));
  }
  return flags.filter((flag) => flag !== '');
}

/**
 * The option `typed` most likely meant, or undefined when none is close. The edit distance is loaded only here, on a
 * usage error: the library sits with the execution stack, off the start-up path of every other command.
 */
export async function suggestFlag(
  program: Command,
  argv: readonly string[],
  typed: string,
): Promise<string | undefined> {
  // A CommonJS module: its exports come as the namespace or under `default`, as the bundle loads it.
  const loaded = (await import('fastest-levenshtein')) as typeof import('fastest-levenshtein') & {
    default?: typeof import('fastest-levenshtein');
  };
  const distance = loaded.default?.distance ?? loaded.distance;
  const flag = typed.split('=')[0] ?? typed;
  let best: { flag: string; apart: number } | undefined;
  for (const known of longOptions(program, argv)) {
    const apart = distance(flag, known) / Math.max(flag.length, known.length);
    if (apart <= TYPO_RATIO && (best === undefined || apart < best.apart)) best = { flag: known, apart };
  }
  return best?.flag;
}
