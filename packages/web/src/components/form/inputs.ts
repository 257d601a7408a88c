/**
 * antd's Input and Input.Password from their own modules: `Input` from 'antd' is the whole input module (TextArea
 * with its auto-size, Search, OTP, 7 kB gzip), which the sign-in route does not use (docs/web.md "Delivery").
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
