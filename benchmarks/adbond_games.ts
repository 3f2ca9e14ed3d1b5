// Whole games of the public TypeScript Calypso engine (github.com/ADBond/calypso), four random
// players, timed in CPU seconds in one Node.js process: `tsx adbond_games.ts CHECKOUT GAMES`
// prints the games and the seconds. benchmarks/engine.py runs it beside the project's engine
// (make bench ADBOND=...).
async function main(): Promise<void> {
  const [checkout, gamesText] = process.argv.slice(2);
  const games = Number(gamesText);
  const { simulate } = await import(`${checkout}/src/simulate/simulate.ts`);
  await simulate(["random", "random", "random", "random"]); // warm up
  const start = process.cpuUsage();
  for (let i = 0; i < games; i++) {
    await simulate(["random", "random", "random", "random"]);
  }
  const used = process.cpuUsage(start); // CPU time, microseconds: the wall clock counts others' work
  const seconds = (used.user + used.system) / 1e6;
  console.log(JSON.stringify({ games, seconds }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
