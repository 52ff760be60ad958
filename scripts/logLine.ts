const LEVELS: Record<number, [name: string, color: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 36],
  30: ['INFO', 32],
  40: ['WARN', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 41],
};
/** Fields every line carries that the supervisor's prefix already says, or that say nothing on one machine. */
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service', 'name']);

const clock = (time: number) => {
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
};

/**
 * A pino JSON line as "12:04:31.250 INFO request completed {"url":"/api/news",…}"
 * (local time, the level coloured when `color`); any other line as it is.
 */
export function prettyLogLine(line: string, color: boolean): string {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const [name, code] = LEVELS[entry.level as number] ?? [String(entry.level), 0];
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !OMITTED.has(k)));
  const level = color ? `\x1b[${code}m${name}\x1b[0m` : name;
  const time = typeof entry.time === 'number' ? `${clock(entry.time)} ` : '';
  return `${time}${level} ${String(entry.msg ?? '')}${Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : ''}`;
}
