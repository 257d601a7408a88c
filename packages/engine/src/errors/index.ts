export { TdCode, type TdCodeValue } from './codes';
export { TdError, toTdError } from './td-error';
