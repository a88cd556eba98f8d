/**
 * antd 6's Alert without antd's code, for the engine's chrome: the light one (widgets/light/Alert.tsx), which the
 * widgets' notices draw too.
 */
export { Alert, type AlertProps, type AlertType } from '../../widgets/index.js';
