/**
 * Texts of the agents grid and its details popup (spec 2 "Agents grid"; the field labels are the
 * spec's, in @eb/shared/agent/schemas AGENT_LABELS). Chosen where the spec gives none.
 */
export const AGENT_TEXTS = {
  gridLabel: 'Agents',
  searchPlaceholder: 'Search agents',
  export: 'Export',
  /** the row actions column */
  more: 'More',
  moreFields: 'More fields',
  newAgent: 'New agent',
  theNewAgent: 'the new agent',
  rowLabel: (code: string) => `agent ${code}`,
  detailsOf: (label: string) => `Details of ${label}`,
  deleteOf: (label: string) => `Delete ${label}`,
  detailsTitle: (name: string) => `Agent details${name ? ` — ${name}` : ''}`,
  checkDetails: 'Check the details of this agent:',
  openDetails: 'Open details',
  /** the details popup's sections */
  sections: { contact: 'Contact', dates: 'Dates and terms', licenses: 'Licenses', entity: 'Entity', notes: 'Notes' },
} as const;
