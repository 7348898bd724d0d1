/** @module webhooks.schemas — request shapes of /v1/webhooks/endpoints… (answers: @latchkey/wire webhooks). */
import { WEBHOOK_EVENT_TYPE_NAMES } from '@latchkey/wire';
import { Type } from 'typebox';

const EventTypes = Type.Array(Type.Union(WEBHOOK_EVENT_TYPE_NAMES.map((name) => Type.Literal(name))), {
  maxItems: WEBHOOK_EVENT_TYPE_NAMES.length * 2,
});
const Url = Type.String({ minLength: 1, maxLength: 2048 });
const Description = Type.String({ maxLength: 500 });

export const CreateEndpointBody = Type.Object(
  {
    url: Url,
    event_types: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean()),
    description: Type.Optional(Description),
  },
  { additionalProperties: false },
);

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    event_types: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean()),
    description: Type.Optional(Description),
  },
  { additionalProperties: false },
);

export const EndpointParams = Type.Object({ endpoint_id: Type.String({ minLength: 1, maxLength: 200 }) });

export const DeliveriesQuery = Type.Object({
  /** 1 to 100 (query strings are not coerced: a digit string). */
  limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$' })),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$' })),
});

export const ReplayBody = Type.Object(
  { event_id: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
