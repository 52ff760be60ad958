import type { CSSProperties } from 'react';
import styled from 'styled-components';

/**
 * Small charts drawn as plain SVG: no chart library, so the console stays light
 * and nothing of it reaches the public pages. Each chart describes itself for
 * screen readers and shows exact values on hover.
 */

const W = 640;
const H = 180;
// Wide enough on the left for a "100%" tick label.
const PAD = { left: 40, right: 8, top: 10, bottom: 24 };

/** Twice the smallest 1-2-5 step that reaches half the value, so the middle grid line is a round number too. */
function niceMax(value: number): number {
  const half = Math.max(1, value / 2);
  const magnitude = 10 ** Math.floor(Math.log10(half));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= half)!;
  return step * 2;
}
const shortDay = (iso: string) => {
  const [, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}`;
};

/** Vertical bars, one per label (e.g. duplicates per day). */
export function BarChart({ data, label, color = '#dc2626' }: { data: { label: string; value: number }[]; label: string; color?: string }) {
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, data.length);
  const every = Math.ceil(data.length / 8);
  const total = data.reduce((s, d) => s + d.value, 0);
  return (
    <Svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${label}: ${total} in total over ${data.length} days`}>
      <Axis max={max} />
      {data.map((d, i) => {
        const h = (d.value / max) * innerH;
        const x = PAD.left + i * slot;
        return (
          <g key={d.label}>
            <rect x={x + slot * 0.15} y={PAD.top + innerH - h} width={slot * 0.7} height={Math.max(h, d.value ? 1 : 0)} fill={color} rx={2}>
              <title>{`${d.label}: ${d.value}`}</title>
            </rect>
            {i % every === 0 && (
              <text x={x + slot / 2} y={H - 6} textAnchor="middle" className="tick">
                {shortDay(d.label)}
              </text>
            )}
          </g>
        );
      })}
    </Svg>
  );
}

/** Lines of a percentage over days (e.g. provider success rate), gaps where there is no data. */
export function LineChart({
  days,
  series,
  label,
}: {
  days: string[];
  series: { name: string; color: string; values: (number | null)[] }[];
  label: string;
}) {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? innerW / 2 : (i / (days.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / 100) * innerH;
  const every = Math.ceil(days.length / 7);
  return (
    <figure style={{ margin: 0 }}>
      <Svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <Axis max={100} suffix="%" />
        {days.map((d, i) =>
          i % every === 0 ? (
            <text key={d} x={x(i)} y={H - 6} textAnchor="middle" className="tick">
              {shortDay(d)}
            </text>
          ) : null,
        )}
        {series.map((s) => {
          const segments: string[] = [];
          let current = '';
          s.values.forEach((v, i) => {
            if (v === null) {
              if (current) segments.push(current);
              current = '';
            } else current += `${current ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
          });
          if (current) segments.push(current);
          return (
            <g key={s.name}>
              {segments.map((d, i) => (
                <path key={i} d={d} fill="none" stroke={s.color} strokeWidth={2.5} strokeLinejoin="round" />
              ))}
              {s.values.map((v, i) =>
                v === null ? null : (
                  <circle key={i} cx={x(i)} cy={y(v)} r={3.5} fill={s.color}>
                    <title>{`${s.name}, ${days[i]}: ${v}% successful`}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
      </Svg>
      <Legend>
        {series.map((s) => (
          <li key={s.name}>
            <span style={{ background: s.color }} aria-hidden="true" />
            {s.name}
          </li>
        ))}
      </Legend>
    </figure>
  );
}

/** Horizontal bars with their value (e.g. articles by status). */
export function HorizontalBars({
  data,
  label,
  labelWidth = '6.5rem',
}: {
  data: { label: string; value: number; color: string }[];
  label: string;
  labelWidth?: string;
}) {
  const max = Math.max(1, ...data.map((d) => d.value));
  return (
    <Bars aria-label={label} style={{ '--label-width': labelWidth } as CSSProperties}>
      {data.map((d) => (
        <li key={d.label} data-label={d.label}>
          <span className="name">{d.label}</span>
          <span className="track" aria-hidden="true">
            <span style={{ width: `${(d.value / max) * 100}%`, background: d.color }} />
          </span>
          <span className="value">{d.value}</span>
        </li>
      ))}
    </Bars>
  );
}

function Axis({ max, suffix = '' }: { max: number; suffix?: string }) {
  const innerH = H - PAD.top - PAD.bottom;
  return (
    <g>
      {[0, 0.5, 1].map((f) => {
        const y = PAD.top + innerH - f * innerH;
        return (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="grid" />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="tick">
              {`${Math.round(max * f)}${suffix}`}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const Svg = styled.svg`
  width: 100%;
  height: auto;
  display: block;
  .grid {
    stroke: ${(p) => p.theme.colors.border};
  }
  .tick {
    font-size: 11px;
    fill: ${(p) => p.theme.colors.muted};
  }
`;
const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  list-style: none;
  padding: 0;
  margin: 0.5rem 0 0;
  font-size: 0.85rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
  span {
    width: 0.8rem;
    height: 0.8rem;
    border-radius: 2px;
  }
`;
const Bars = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.45rem;
  li {
    display: grid;
    grid-template-columns: var(--label-width) 1fr 3.5rem;
    align-items: center;
    gap: 0.6rem;
  }
  .name {
    font-size: 0.9rem;
  }
  .track {
    height: 0.75rem;
    border-radius: 999px;
    background: ${(p) => p.theme.colors.surfaceAlt};
    overflow: hidden;
  }
  .track span {
    display: block;
    height: 100%;
    border-radius: 999px;
  }
  .value {
    text-align: right;
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
`;
