/**
 * A workflow as n8n exports it (providers.md §6), written by hand: a webhook trigger, a Set node,
 * and a Respond to Webhook node answering with the customer's name filled in.
 */
export function orderStatusExport(name = 'Order status') {
  return {
    id: 'Wf7uYz2Qk1xAbCdE',
    name,
    active: true,
    nodes: [
      {
        id: '6c0f0c3e-0d1f-4a37-9b3c-2b0a2f3e9b11',
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: 'b7d4c2a0-1111-4c5e-9a77-3f2a1c0d9e01',
        parameters: { httpMethod: 'POST', path: 'order-status', responseMode: 'responseNode', options: {} },
      },
      {
        id: '0b3a9d52-7e1c-4f35-8a1e-5d9c6b2f4a70',
        name: 'Look up order',
        type: 'n8n-nodes-base.set',
        typeVersion: 3.4,
        position: [260, 0],
        parameters: { assignments: { assignments: [{ name: 'status', value: 'shipped', type: 'string' }] } },
      },
      {
        id: '9e1f8a77-3c2b-4d5e-8f90-1a2b3c4d5e6f',
        name: 'Respond to Webhook',
        type: 'n8n-nodes-base.respondToWebhook',
        typeVersion: 1.1,
        position: [520, 0],
        parameters: {
          respondWith: 'json',
          responseBody: '={"reply": "Order status for {{ $json.body.customer_name }}: shipped"}',
        },
      },
    ],
    connections: {
      Webhook: { main: [[{ node: 'Look up order', type: 'main', index: 0 }]] },
      'Look up order': { main: [[{ node: 'Respond to Webhook', type: 'main', index: 0 }]] },
    },
    settings: { executionOrder: 'v1', timezone: 'Asia/Jakarta' },
    tags: [{ id: 'tg1', name: 'orders' }],
    createdAt: '2026-10-01T08:00:00.000Z',
    updatedAt: '2026-10-02T08:00:00.000Z',
    versionId: '3f1c2d4e-0000-4000-8000-000000000001',
  };
}
