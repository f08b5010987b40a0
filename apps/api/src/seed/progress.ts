/**
 * A progress line on stderr (stdout stays clean for the printed staff password).
 * On a terminal it redraws one line with \r; in a log (CI, pipes) it prints a line every few seconds.
 */
export interface Progress {
  advance(rows: number): void;
  done(): void;
}

export interface ProgressOptions {
  label: string;
  total: number;
  stream?: NodeJS.WriteStream;
  now?: () => number;
}

const group = (n: number) => Math.round(n).toLocaleString('ru-RU');

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const tty = stream.isTTY === true;
  const started = now();
  // A terminal can take ten redraws a second; a log file wants a line every five seconds at most.
  const interval = tty ? 100 : 5000;
  let rows = 0;
  let lastDrawn = started;

  const line = () => {
    const seconds = (now() - started) / 1000;
    const percent = options.total > 0 ? ((rows / options.total) * 100).toFixed(1) : '100.0';
    const rate = seconds > 0 ? rows / seconds : 0;
    return `${options.label}: ${group(rows)} / ${group(options.total)} (${percent}%), ${group(rate)} rows/s, ${seconds.toFixed(1)} s`;
  };
  const draw = (final: boolean) => {
    if (tty) stream.write(`\r${line()}\x1b[K${final ? '\n' : ''}`);
    else stream.write(`${line()}\n`);
  };

  return {
    advance(count) {
      rows += count;
      const t = now();
      if (t - lastDrawn >= interval) {
        lastDrawn = t;
        draw(false);
      }
    },
    done() {
      draw(true);
    },
  };
}
