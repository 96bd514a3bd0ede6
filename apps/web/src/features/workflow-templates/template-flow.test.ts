import type { WorkflowConnections, WorkflowNode } from '@app/contract/workflows';
import { describe, expect, it } from 'vitest';
import { nodeTypeLabel, templateToFlow } from './template-flow.ts';

const node = (name: string, type: string, x: number, y: number): WorkflowNode => ({
  name,
  type,
  position: [x, y],
  parameters: {},
});

describe('templateToFlow', () => {
  it("turns n8n's nodes and main connections into React Flow nodes and edges", () => {
    const connections: WorkflowConnections = {
      Webhook: { main: [[{ node: 'Respond to Webhook', type: 'main', index: 0 }]] },
    };
    const flow = templateToFlow({
      nodes: [
        node('Webhook', 'n8n-nodes-base.webhook', 0, 0),
        node('Respond to Webhook', 'n8n-nodes-base.respondToWebhook', 220, 40),
      ],
      connections,
    });
    expect(flow.nodes).toEqual([
      {
        id: 'Webhook',
        type: 'n8n',
        position: { x: 0, y: 0 },
        data: { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeLabel: 'Webhook', disabled: false },
      },
      {
        id: 'Respond to Webhook',
        type: 'n8n',
        position: { x: 220, y: 40 },
        data: {
          name: 'Respond to Webhook',
          type: 'n8n-nodes-base.respondToWebhook',
          typeLabel: 'Respond To Webhook',
          disabled: false,
        },
      },
    ]);
    expect(flow.edges).toEqual([
      { id: 'Webhook:main:0->Respond to Webhook:0', source: 'Webhook', target: 'Respond to Webhook' },
    ]);
  });

  it('numbers the outputs of a branching node, dashes other kinds, skips empty outputs', () => {
    const flow = templateToFlow({
      nodes: [
        node('If', 'n8n-nodes-base.if', 0, 0),
        node('Yes', 'n8n-nodes-base.set', 200, -50),
        node('No', 'n8n-nodes-base.set', 200, 50),
        node('Tool', '@n8n/n8n-nodes-langchain.toolCalculator', 0, 200),
      ],
      connections: {
        If: {
          main: [[{ node: 'Yes', type: 'main', index: 0 }], null, [{ node: 'No', type: 'main', index: 0 }]],
        },
        Tool: { ai_tool: [[{ node: 'If', type: 'ai_tool', index: 0 }]] },
      },
    });
    expect(flow.edges.map((edge) => [edge.source, edge.target, edge.label])).toEqual([
      ['If', 'Yes', '1'],
      ['If', 'No', '3'],
      ['Tool', 'If', 'ai_tool'],
    ]);
    expect(flow.edges[2]?.style).toEqual({ strokeDasharray: '6 4' });
  });

  it('leaves out links to nodes that are not there and repeated links', () => {
    const flow = templateToFlow({
      nodes: [node('A', 'x.a', 0, 0), node('B', 'x.b', 1, 1)],
      connections: {
        A: {
          main: [
            [
              { node: 'B', type: 'main', index: 0 },
              { node: 'B', type: 'main', index: 0 },
              { node: 'Gone', type: 'main', index: 0 },
            ],
          ],
        },
        Missing: { main: [[{ node: 'A', type: 'main', index: 0 }]] },
      },
    });
    expect(flow.edges).toHaveLength(1);
  });

  it('marks disabled nodes', () => {
    const flow = templateToFlow({
      nodes: [{ ...node('Off', 'n8n-nodes-base.noOp', 0, 0), disabled: true }],
      connections: {},
    });
    expect(flow.nodes[0]?.data.disabled).toBe(true);
  });
});

describe('nodeTypeLabel', () => {
  it('reads the last part of the type as words', () => {
    expect(nodeTypeLabel('n8n-nodes-base.httpRequest')).toBe('Http Request');
    expect(nodeTypeLabel('@n8n/n8n-nodes-langchain.agent')).toBe('Agent');
    expect(nodeTypeLabel('custom')).toBe('Custom');
  });
});
