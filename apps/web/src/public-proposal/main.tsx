// Placeholder entry: the public proposal page is built in the public-proposal issue.
const root = document.getElementById('root');
if (root) root.textContent = 'A carregar proposta…';
