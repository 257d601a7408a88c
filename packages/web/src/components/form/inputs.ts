/**
 * The sign-in route's text and password inputs: plain elements in antd Input's look (PlainInput.tsx), since antd's
 * Input and Input.Password would be 12 kB gzip of the sign-in page's scripts (docs/web.md "Delivery").
 */
export { PlainTextInput as TextInput, PlainPasswordInput as PasswordInput } from './PlainInput';
