// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenCommandsProvider, useRegisteredCommands, useScreenCommands } from './screen-commands';

const Listed = () => {
  const commands = useRegisteredCommands();
  return (
    <ul>
      {commands.map((command) => (
        <li key={command.id}>
          <button type="button" onClick={command.run}>
            {command.label}
          </button>
        </li>
      ))}
    </ul>
  );
};

const Screen = ({ onRun }: { onRun: (count: number) => void }) => {
  const [count, setCount] = useState(0);
  useScreenCommands([{ id: 'create', label: `Создать ${count}`, run: () => onRun(count) }]);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      more
    </button>
  );
};

describe('screen commands', () => {
  afterEach(cleanup);

  it('lists a mounted screen’s commands, runs the latest closure, and drops them on unmount', () => {
    const onRun = vi.fn();
    const App = ({ mounted }: { mounted: boolean }) => (
      <ScreenCommandsProvider>
        {mounted ? <Screen onRun={onRun} /> : null}
        <Listed />
      </ScreenCommandsProvider>
    );
    const { rerender } = render(<App mounted />);
    expect(screen.getByRole('button', { name: 'Создать 0' })).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'more' }).click());
    act(() => screen.getByRole('button', { name: 'Создать 1' }).click());
    expect(onRun).toHaveBeenCalledWith(1);

    rerender(<App mounted={false} />);
    expect(screen.queryByRole('button', { name: /Создать/ })).toBeNull();
  });

  it('does nothing outside the shell', () => {
    render(<Screen onRun={() => {}} />);
    expect(screen.getByRole('button', { name: 'more' })).toBeTruthy();
  });
});
