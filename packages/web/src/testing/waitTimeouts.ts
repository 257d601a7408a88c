import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. CI runs the web suite beside the server's on two shared cores, where
// one render of a form can take longer than that; a test that waits for something that never comes still fails, only
// later. Tests that wait for a server round trip pass their own, longer timeout.
configure({ asyncUtilTimeout: 10_000 });
