/** Runs one named stage of a seed, timing it and noting the tables it wrote (for the report and VACUUM ANALYZE). */
export type Stage = <T>(name: string, work: () => Promise<T>, wrote?: string[]) => Promise<T>;

/**
 * The seed's stopwatch, one per run (serial or parallel): seconds per stage name, summed when a name
 * comes again (the user pool is read for billing and again for promo codes), and the tables written.
 */
export function stageTimer() {
  const started = performance.now();
  const stages: Record<string, number> = {};
  const tables: string[] = [];
  const stage: Stage = async (name, work, wrote = [name]) => {
    const at = performance.now();
    const result = await work();
    stages[name] = (stages[name] ?? 0) + Math.round(performance.now() - at) / 1000;
    tables.push(...wrote);
    return result;
  };
  return { stage, stages, tables, seconds: () => (performance.now() - started) / 1000 };
}
