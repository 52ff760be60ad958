import fs from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** argv, as /proc/<pid>/cmdline holds it. */
  argv: string[];
}

/** Every live process in a process group, read from /proc (Linux), with its parent and command line; zombies hold nothing and are left out. */
export function processGroup(pgid: number): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in field 2 may hold spaces and parentheses: the fields after its last ")" are fixed.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(group) !== pgid || state === 'Z') continue;
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      found.push({ pid: Number(entry), ppid: Number(ppid), pgid, argv });
    } catch {
      // exited while we looked
    }
  }
  return found;
}
