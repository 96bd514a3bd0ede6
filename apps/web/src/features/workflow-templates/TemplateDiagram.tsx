import type { WorkflowConnections, WorkflowNode } from '@app/contract/workflows';
import { Badge, Paper, Text, useComputedColorScheme } from '@mantine/core';
import {
  Background,
  Controls,
  type DefaultEdgeOptions,
  Handle,
  MarkerType,
  type NodeProps,
  type NodeTypes,
  Position,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DIAGRAM_MAX_ZOOM,
  DIAGRAM_MIN_ZOOM,
  type TemplateFlowNode,
  templateToFlow,
} from './template-flow.ts';
import './workflow-templates.i18n.ts';

function N8nNode({ data }: NodeProps<TemplateFlowNode>) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="xs"
      radius="md"
      px="sm"
      py={6}
      miw={140}
      maw={240}
      data-testid="diagram-node"
      style={{ opacity: data.disabled ? 0.55 : 1 }}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {data.name}
      </Text>
      <Text size="xs" c="dimmed" title={data.type}>
        {data.typeLabel}
      </Text>
      {data.disabled && (
        <Badge size="xs" color="gray" variant="light" tt="none">
          {t('workflowTemplates.disabledNode')}
        </Badge>
      )}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </Paper>
  );
}

const nodeTypes: NodeTypes = { n8n: N8nNode };
/** Arrows show which way a connection runs; the stroke follows the theme's dimmed text colour. */
const defaultEdgeOptions: DefaultEdgeOptions = {
  markerEnd: { type: MarkerType.ArrowClosed, color: 'var(--mantine-color-dimmed)' },
  style: { strokeWidth: 1.5 },
};
const themed = { '--xy-edge-stroke-default': 'var(--mantine-color-dimmed)' } as CSSProperties;

/** A template's nodes and connections, read-only: pan and zoom (0.2 to 2) only (super-admin §2). */
export function TemplateDiagram({
  name,
  nodes: templateNodes,
  connections,
  height,
}: {
  name: string;
  nodes: WorkflowNode[];
  connections: WorkflowConnections;
  height: number | string;
}) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const { nodes, edges } = useMemo(
    () => templateToFlow({ nodes: templateNodes, connections }),
    [templateNodes, connections],
  );
  return (
    <section
      style={{ height, width: '100%' }}
      aria-label={t('workflowTemplates.diagram', { name })}
      data-testid="workflow-diagram"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        defaultEdgeOptions={defaultEdgeOptions}
        style={themed}
        colorMode={scheme}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1.2 }}
        minZoom={DIAGRAM_MIN_ZOOM}
        maxZoom={DIAGRAM_MAX_ZOOM}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        deleteKeyCode={null}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}
