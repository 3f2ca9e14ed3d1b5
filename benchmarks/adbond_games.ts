// Whole games of the public TypeScript Calypso engine (github.com/ADBond/calypso), four random
// players, timed in one Node.js process: `tsx adbond_games.ts CHECKOUT GAMES` prints the games
// per second. benchmarks/engine.py runs it beside the project's engine (make bench ADBOND=...).
async function main(): Promise<void> {
  const [checkout, gamesText] = process.argv.slice(2);
  const games = Number(gamesText);
  const { simulate } = await import(`${checkout}/src/simulate/simulate.ts`);
  await simulate(["random", "random", "random", "random"]); // warm up
  const start = performance.now();
  for (let i = 0; i < games; i++) {
    await simulate(["random", "random", "random", "random"]);
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(JSON.stringify({ games, seconds }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
