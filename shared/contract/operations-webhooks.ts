/** Operations of the webhook delivery log and the connector settings that steer it. */
export const webhookOperations = {} as const;
