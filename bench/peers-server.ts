/**
 * For `npm run bench:peers`: the project's own schema and services (server/graphql/schema.ts on
 * server/services.ts, the database DATA_DIR names, which our server has already loaded) served at
 * /graphql by a peer instead of our endpoint. Usage: tsx bench/peers-server.ts yoga|apollo <port>;
 * prints `listening <port>` once it answers.
 */
import http from 'node:http';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { createYoga } from 'graphql-yoga';
import { loadConfig } from '../server/config.js';
import { contestStorageFor } from '../server/contest/storage-for-database.js';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrations/index.js';
import { createSchema, type GraphQLContext } from '../server/graphql/schema.js';
import { openHitCounter } from '../server/rate-limits/index.js';
import { createServices } from '../server/services.js';

const [kind, portText] = process.argv.slice(2);
const port = Number(portText);
if ((kind !== 'yoga' && kind !== 'apollo') || !Number.isInteger(port)) {
  console.error('usage: tsx bench/peers-server.ts yoga|apollo <port>');
  process.exit(2);
}

const config = loadConfig();
const opened = await openDatabase(config);
await migrateToLatest(opened);
const { services } = await createServices(
  config,
  opened,
  contestStorageFor(opened),
  await openHitCounter(opened, undefined),
);
while (!services.ready()) await new Promise((resolve) => setTimeout(resolve, 100));
const schema = createSchema(services);
const context = (): GraphQLContext => ({ ipHash: services.hashIp('127.0.0.1') });

if (kind === 'yoga') {
  const yoga = createYoga<Record<string, never>, GraphQLContext>({
    schema,
    context,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
  });
  await new Promise<void>((resolve) => http.createServer(yoga).listen(port, '127.0.0.1', resolve));
} else {
  const apollo = new ApolloServer<GraphQLContext>({ schema, introspection: false });
  await startStandaloneServer(apollo, { listen: { port, host: '127.0.0.1' }, context: async () => context() });
}
console.log(`listening ${port}`);
