import Type, { type Static } from 'typebox';

export const HealthResponse = Type.Object({
  status: Type.Enum(['ok', 'degraded']),
  version: Type.String(),
  uptimeSeconds: Type.Integer(),
  database: Type.Object({ reachable: Type.Boolean(), latencyMs: Type.Number() }),
  migrations: Type.Object({
    current: Type.Boolean(),
    applied: Type.Integer(),
    pending: Type.Array(Type.String()),
  }),
});
export type HealthResponse = Static<typeof HealthResponse>;
