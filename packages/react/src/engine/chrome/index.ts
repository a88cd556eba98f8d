/**
 * The engine's chrome: antd 6's Button, Alert and Spin drawn without antd's code (chrome.css on antd's tokens), for
 * what every first screen draws; `@antrag/react/engine/chrome` for the pages around a form.
 */
export { Icon, type IconDefinition, type IconProps } from '../../widgets/index.js';
export { Alert, type AlertProps, type AlertType } from './Alert.js';
export { Button, type ButtonProps, type ButtonSize, type ButtonType } from './Button.js';
export { Spinner, type SpinnerSize } from './Spinner.js';
