export { datainAgentsPlugin } from './plugin';
export { AGENT_SOCKET_PATH } from './agent-hub';
