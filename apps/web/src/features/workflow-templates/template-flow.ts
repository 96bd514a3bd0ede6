import type { WorkflowConnections, WorkflowNode } from '@app/contract/workflows';
import type { Edge, Node } from '@xyflow/react';

/** The diagram's zoom range (super-admin §2: zoom 0.2 to 2). */
export const DIAGRAM_MIN_ZOOM = 0.2;
export const DIAGRAM_MAX_ZOOM = 2;

export type TemplateNodeData = {
  name: string;
  type: string;
  typeLabel: string;
  disabled: boolean;
};
export type TemplateFlowNode = Node<TemplateNodeData, 'n8n'>;

/** 'n8n-nodes-base.respondToWebhook' → 'Respond To Webhook'; '@n8n/n8n-nodes-langchain.agent' → 'Agent'. */
export function nodeTypeLabel(type: string) {
  const last = type.split('.').pop() || type;
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .replace(/^./, (first) => first.toUpperCase());
}

/**
 * A template's n8n nodes and connections as React Flow nodes and edges. n8n keys connections by
 * node names (unique in a workflow), so a node's name is its id. Links to names that are not in
 * the workflow are left out; outputs other than 'main' (an AI agent's tools…) are drawn dashed and
 * labelled with their kind, and a node with several main outputs labels each with its number.
 */
export function templateToFlow(template: { nodes: WorkflowNode[]; connections: WorkflowConnections }): {
  nodes: TemplateFlowNode[];
  edges: Edge[];
} {
  const names = new Set(template.nodes.map((node) => node.name));
  const nodes: TemplateFlowNode[] = template.nodes.map((node) => ({
    id: node.name,
    type: 'n8n',
    position: { x: node.position[0], y: node.position[1] },
    data: {
      name: node.name,
      type: node.type,
      typeLabel: nodeTypeLabel(node.type),
      disabled: node.disabled === true,
    },
  }));
  const edges: Edge[] = [];
  const seen = new Set<string>();
  for (const [source, outputs] of Object.entries(template.connections)) {
    if (!names.has(source)) continue;
    for (const [kind, slots] of Object.entries(outputs)) {
      slots.forEach((targets, output) => {
        for (const target of targets ?? []) {
          if (!names.has(target.node)) continue;
          const id = `${source}:${kind}:${output}->${target.node}:${target.index}`;
          if (seen.has(id)) continue;
          seen.add(id);
          const main = kind === 'main';
          edges.push({
            id,
            source,
            target: target.node,
            ...(main
              ? slots.length > 1 && { label: String(output + 1) }
              : { label: kind, style: { strokeDasharray: '6 4' } }),
          });
        }
      });
    }
  }
  return { nodes, edges };
}
