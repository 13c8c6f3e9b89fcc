// `svc completion bash|zsh`: completion scripts generated from the command tree, so they never drift from it.
import type { Command } from 'commander';
import { codeOf } from '../../contracts/conditions.ts';
import { SvcError } from '../../contracts/errors.ts';
import { examples } from '../command-kit.ts';
import { safeAction } from '../execution-command.ts';

/** "path words" → completions: subcommand names and long flags of that command and the globals. */
export function completionTable(program: Command): Map<string, string[]> {
  const globals = program.options.map((o) => o.long).filter((f): f is string => !!f);
  const table = new Map<string, string[]>();
  const walk = (command: Command, path: string) => {
    // What help shows: an internal command (`daemon run`) is never offered.
    const visible = new Set(command.createHelp().visibleCommands(command));
    const subs = command.commands.filter((c) => visible.has(c));
    const names = subs.flatMap((c) => [c.name(), ...c.aliases()]);
    const flags = command.options.map((o) => o.long).filter((f): f is string => !!f);
    table.set(path, [...new Set([...names, ...flags, ...globals])]);
    for (const sub of subs)
      for (const name of [sub.name(), ...sub.aliases()]) walk(sub, path ? `${path} ${name}` : name);
  };
  walk(program, '');
  return table;
}

function caseArms(table: Map<string, string[]>, indent: string): string {
  return [...table.entries()].map(([path, words]) => `${indent}"${path}") cands="${words.join(' ')}" ;;`).join('\n');
}

// The path is the non-flag words typed so far; the longest known prefix decides the candidates.
// (`words_so_far`, not `path`: zsh ties `path` to PATH.)
const PATH_LOOKUP = `  local words_so_far="" w key cands
  for w in "\${typed[@]}"; do
    [[ "$w" == -* ]] && continue
    key="\${words_so_far:+$words_so_far }$w"
    __svc_words "$key"; [[ -n "$cands" ]] && words_so_far="$key"
  done
  __svc_words "$words_so_far"`;

export function bashScript(table: Map<string, string[]>): string {
  return `# svc bash completion. Load with: source <(svc completion bash)
__svc_words() {
  cands=""
  case "$1" in
${caseArms(table, '    ')}
  esac
}
_svc() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local typed=("\${COMP_WORDS[@]:1:COMP_CWORD-1}")
${PATH_LOOKUP}
  COMPREPLY=( $(compgen -W "$cands" -- "$cur") )
}
complete -F _svc svc
`;
}

export function zshScript(table: Map<string, string[]>): string {
  return `#compdef svc
# svc zsh completion. Load with: source <(svc completion zsh)
__svc_words() {
  cands=""
  case "$1" in
${caseArms(table, '    ')}
  esac
}
_svc() {
  local typed=("\${(@)words[2,CURRENT-1]}")
${PATH_LOOKUP}
  compadd -- \${=cands}
}
# Autoloaded from fpath (the file is the body of _svc): complete now. Sourced: register.
if [[ "\${funcstack[1]}" == _svc ]]; then
  _svc "$@"
else
  compdef _svc svc
fi
`;
}

export function registerCompletion(program: Command): void {
  examples(
    program
      .command('completion')
      .description('print a shell completion script (bash or zsh)')
      .argument('<shell>', 'bash or zsh')
      .action(
        safeAction(async (_c, _g, [shell]) => {
          const table = completionTable(program);
          if (shell === 'bash') process.stdout.write(bashScript(table));
          else if (shell === 'zsh') process.stdout.write(zshScript(table));
          else {
            throw new SvcError(codeOf('invalidInput'), `completion supports bash and zsh (got ${String(shell)})`, {
              path: 'shell',
              allowed: ['bash', 'zsh'],
            });
          }
          return 0;
        }),
      ),
    ['source <(svc completion bash)', 'svc completion zsh > ~/.zfunc/_svc'],
  );
}
