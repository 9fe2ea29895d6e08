// Entry of the web catalog browser: renders <App> into #app.
import { render } from 'preact';
import { App } from './components/app.tsx';
import './style.css';

render(<App />, document.getElementById('app')!);
