/** Builds the client (dist/web) when it is missing or stale, for the projects that serve or copy it. */
import { buildClientIfStale } from '../scripts/build-client';

export default async function setup() {
  await buildClientIfStale(() => {});
}
